import { filingLink, filingSlug } from './filing-slug';

describe('filingSlug', () => {
  it.each([
    ['Annual Report', 'annual-report'],
    ['FinCEN Form 114 (FBAR)', 'fincen-form-114'],
    ['IRS Form 1099 Series', 'irs-form-1099-series'],
    ['Articles of Organization', 'articles-of-organization'],
    ['Form 1120-S, U.S. Income Tax', 'form-1120-s-u-s-income-tax'],
    ['  409A  Valuation ', '409a-valuation'],
    ['(Draft) Certificate', 'certificate'],
  ])('%s → %s', (name, slug) => {
    expect(filingSlug(name)).toBe(slug);
  });

  it('is idempotent and makes a link under /filings', () => {
    expect(filingSlug(filingSlug('FinCEN BOI Report'))).toBe('fincen-boi-report');
    expect(filingLink('https://portal.example.com', 'FinCEN Form 114 (FBAR)')).toBe(
      'https://portal.example.com/filings/fincen-form-114',
    );
  });
});
