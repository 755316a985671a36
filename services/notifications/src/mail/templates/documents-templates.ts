import type { MailTemplates } from '@portal/events';
import { formatBytes } from '@portal/storage';
import { layout, MailLayoutOptions, oneLine, RenderedMail } from './layout';

/** `2026-03-01 10:20 UTC` */
function utcMinute(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new Error(`not a date: ${iso}`);
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * The documents service's mails. The staff mail names the file and links to the client's documents
 * in the admin panel; it never carries the file (a W-2 does not travel by e-mail).
 */
export const DOCUMENT_TEMPLATES: {
  'vault-upload': (data: MailTemplates['vault-upload'], options: MailLayoutOptions) => RenderedMail;
} = {
  'vault-upload': (data, options) => {
    const subject = oneLine(`New document from ${data.clientEmail}: ${data.fileName}`);
    const lines = [
      `${data.clientEmail} uploaded a file to their document vault on ${utcMinute(data.uploadedAt)}.`,
      `File: ${oneLine(data.fileName)} (${formatBytes(data.size)})`,
    ];
    const after = ['The file stays in the vault: open it from the admin panel, where each access is recorded.'];
    return {
      subject,
      replyTo: data.clientEmail,
      text: [...lines, `Open the client's documents: ${data.link}`, ...after].join('\n\n'),
      html: layout(options, {
        paragraphs: lines,
        action: { label: "Open the client's documents", url: data.link },
        after,
      }),
    };
  },
};
