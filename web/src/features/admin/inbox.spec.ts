import type { InboxItemReply } from '@portal/contracts';
import {
  dispositionFileName,
  formatFileSize,
  INBOX_KIND_FILTERS,
  inboxQueryString,
  itemDetails,
  itemTitle,
} from './inbox';

const application: InboxItemReply = {
  id: 'a1',
  source: 'messages',
  kind: 'job_application',
  received_at: '2026-11-23T10:00:00.000Z',
  email: 'jane@example.com',
  name: 'Jane Doe',
  phone: '+1 919 555 0142',
  subject: null,
  message: 'Hello',
  origin: 'website_careers_page',
  position: 'CPA (Remote, US)',
  linkedin: 'https://www.linkedin.com/in/jane',
  resume: { file_name: 'cv.pdf', size: 2048, content_type: 'application/pdf' },
  subscription_status: null,
  handled_at: null,
};

describe('inbox', () => {
  it('asks the server for a page with only the chosen filters, the next one after its cursor', () => {
    expect(inboxQueryString({ page_size: 20 })).toBe('page_size=20');
    expect(inboxQueryString({ before: 'MjAyNi0xMS0yM1Q', page_size: 20, kind: 'job_application', state: 'open' })).toBe(
      'before=MjAyNi0xMS0yM1Q&page_size=20&kind=job_application&state=open',
    );
    expect(inboxQueryString({ state: 'all' })).toBe('');
    expect(INBOX_KIND_FILTERS.map((filter) => filter.label)).toEqual([
      'Everything',
      'Contact messages',
      'Book-a-call requests',
      'Job applications',
      'Perk submissions',
      'Newsletter subscribers',
      'Deadline-alert subscribers',
    ]);
  });

  it('titles and details an item by what it has', () => {
    expect(itemTitle(application)).toBe('Job application from Jane Doe');
    expect(itemTitle({ kind: 'newsletter_subscriber', name: null, email: 'n@example.com' })).toBe(
      'Newsletter subscriber: n@example.com',
    );
    expect(itemDetails(application)).toEqual([
      { label: 'Email', value: 'jane@example.com', href: 'mailto:jane@example.com' },
      { label: 'Phone', value: '+1 919 555 0142' },
      { label: 'Position', value: 'CPA (Remote, US)' },
      { label: 'LinkedIn', value: 'https://www.linkedin.com/in/jane', href: 'https://www.linkedin.com/in/jane' },
      { label: 'Sent from', value: 'website_careers_page' },
    ]);
    const odd = itemDetails({ ...application, linkedin: 'javascript:alert(1)' });
    expect(odd.find((line) => line.label === 'LinkedIn')).toEqual({ label: 'LinkedIn', value: 'javascript:alert(1)' });
  });

  it('reads the download name and writes sizes for people', () => {
    expect(dispositionFileName(`attachment; filename="Zo_ CV.pdf"; filename*=UTF-8''Zo%C3%AB%20CV.pdf`)).toBe(
      'Zoë CV.pdf',
    );
    expect(dispositionFileName('attachment; filename="plain.csv"')).toBe('plain.csv');
    expect(dispositionFileName('attachment; filename="a \\"quoted\\" name.pdf"')).toBe('a "quoted" name.pdf');
    expect(dispositionFileName('attachment; filename=cv.pdf')).toBe('cv.pdf');
    expect(dispositionFileName('attachment; filename=')).toBeUndefined();
    expect(dispositionFileName('attachment; filename="unterminated')).toBeUndefined();
    expect(dispositionFileName(null)).toBeUndefined();
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(512)).toBe('512 bytes');
  });
});
