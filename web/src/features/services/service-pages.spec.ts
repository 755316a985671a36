import { packageMessages, SERVICE_PAGES } from './service-pages';

describe('package page texts', () => {
  it('are the spec texts for books and company', () => {
    expect(packageMessages(SERVICE_PAGES.books.noun)).toEqual({
      failed: 'Failed to load bookkeeping packages. Please try again.',
      empty: 'No bookkeeping packages available at this time.',
    });
    expect(packageMessages(SERVICE_PAGES.company.noun)).toEqual({
      failed: 'Failed to load company services. Please try again.',
      empty: 'No company services available at this time.',
    });
  });
});
