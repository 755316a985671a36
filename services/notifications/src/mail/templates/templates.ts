import type { MailTemplates, TemplateMail } from '@portal/events';
import { layout, MailLayoutOptions, RenderedMail } from './layout';

type Renderer<T extends keyof MailTemplates> = (data: MailTemplates[T], options: MailLayoutOptions) => RenderedMail;

const greeting = (firstName: string) => (firstName.trim() ? `Hello ${firstName.trim()},` : 'Hello,');

const TEMPLATES: { [T in keyof MailTemplates]: Renderer<T> } = {
  'verify-email': (data, options) => {
    const subject = `Verify your e-mail address for ${options.brand}`;
    const lines = [greeting(data.firstName), 'Please confirm your e-mail address to finish setting up your account.'];
    const after = [
      `Or paste this verification code on the verification page: ${data.code}`,
      `The link and the code expire in ${data.expiresInHours} hours. If you did not create an account, you can ignore this e-mail.`,
    ];
    return {
      subject,
      text: [...lines, `Verify your e-mail address: ${data.link}`, ...after].join('\n\n'),
      html: layout(options, { paragraphs: lines, action: { label: 'Verify e-mail address', url: data.link }, after }),
    };
  },
  'reset-password': (data, options) => {
    const subject = `Reset your ${options.brand} password`;
    const lines = [greeting(data.firstName), 'We received a request to reset the password of your account.'];
    const after = [
      `The link expires in ${data.expiresInMinutes} minutes and works once. Resetting signs you out everywhere.`,
      'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    ];
    return {
      subject,
      text: [...lines, `Choose a new password: ${data.link}`, ...after].join('\n\n'),
      html: layout(options, { paragraphs: lines, action: { label: 'Choose a new password', url: data.link }, after }),
    };
  },
};

/** Renders a template mail job into the subject, text and HTML the transports send. */
export function renderTemplate(mail: TemplateMail, options: MailLayoutOptions): RenderedMail {
  const render = TEMPLATES[mail.template] as Renderer<typeof mail.template>;
  if (!render) throw new Error(`unknown mail template "${String(mail.template)}"`);
  return render(mail.data as never, options);
}
