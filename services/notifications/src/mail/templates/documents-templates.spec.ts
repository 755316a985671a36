import { extractLinks } from '@portal/events';
// The documents service's staff mail, rendered here with the data documents queues.
import { renderTemplate } from './templates';

const options = { brand: 'Harbor Tax & Accounting', supportEmail: 'support@example.com', timeZone: 'America/New_York' };

describe('documents mails', () => {
  it('vault upload: who, which file and its size, when where the firm is, and a link to the client, never the file', () => {
    const link = 'https://portal.example.com/admin/documents/00000000-0000-4000-8000-000000000001';
    const mail = renderTemplate(
      {
        template: 'vault-upload',
        to: 'staff@example.com',
        data: {
          clientEmail: 'jane@example.com',
          fileName: 'W-2  <2024>.pdf',
          size: 1536,
          uploadedAt: '2026-03-01T10:20:30.000Z',
          link,
        },
      },
      options,
    );
    // The name the client chose is no part of the Subject.
    expect(mail.subject).toBe('New document from jane@example.com');
    expect(mail.replyTo).toBe('jane@example.com');
    // 10:20 UTC is 5:20 AM in New York (EST) on 1 March.
    expect(mail.text).toContain(
      'jane@example.com uploaded a file to their document vault on 1 March 2026 at 5:20 AM EST (America/New_York).',
    );
    expect(mail.text).not.toContain('UTC');
    expect(mail.text).toContain('File: W-2 <2024>.pdf (1.5 KB)');
    expect(mail.text).toContain(`Open the client's documents: ${link}`);
    expect(mail.html).toContain('W-2 &lt;2024&gt;.pdf');
    expect(mail.html).not.toContain('<2024>');
    expect(extractLinks(mail)).toEqual([link]);
  });
});
