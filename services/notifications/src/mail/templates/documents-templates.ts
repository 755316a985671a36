import type { MailTemplates } from '@portal/events';
import { formatBytes } from '@portal/storage';
import { layout, MailLayoutOptions, oneLine, RenderedMail } from './layout';
import { formatTimeIn } from './dates';

/**
 * The documents service's mails. The staff mail names the file and links to the client's documents
 * in the admin panel; it never carries the file (a W-2 does not travel by e-mail). The file's name,
 * chosen by the client, stays out of the Subject (what a mail client shows and filters on before the
 * mail is opened): it is in the body, escaped, where it reads as the client's words.
 */
export const DOCUMENT_TEMPLATES: {
  'vault-upload': (data: MailTemplates['vault-upload'], options: MailLayoutOptions) => RenderedMail;
} = {
  'vault-upload': (data, options) => {
    const subject = oneLine(`New document from ${data.clientEmail}`);
    const lines = [
      `${data.clientEmail} uploaded a file to their document vault on ${formatTimeIn(data.uploadedAt, options.timeZone)}.`,
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
