import type { MailTemplates, TemplateMail } from '@portal/events';
import { BILLING_TEMPLATES } from './billing-templates';
import { formatTimeIn } from './dates';
import { DOCUMENT_TEMPLATES } from './documents-templates';
import { INTAKE_TEMPLATES } from './intake-templates';
import {
  greeting,
  layout,
  MailLayoutOptions,
  oneLine,
  RenderedMail,
  resubscribeMail,
  withUnsubscribeLink,
} from './layout';
import { SECURITY_TEMPLATES } from './security-templates';

/** What a template gives the worker: the message, and whom a reply goes to when that is not us. */
export type Renderer<T extends keyof MailTemplates> = (
  data: MailTemplates[T],
  options: MailLayoutOptions,
) => RenderedMail;

/** The kinds of visitor message, as staff read them. */
const MESSAGE_TYPES = new Map([
  ['contact_form', 'Contact form message'],
  ['job_application', 'Job application'],
  ['perk_provider', 'Perk provider offer'],
  ['book_call', 'Call request'],
  ['general', 'Message'],
]);

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `Sunday, 22 November 2026 at 14:00 UTC`: one unambiguous time, wherever the reader is. */
export function formatUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new Error(`not a date: ${iso}`);
  const time = `${String(date.getUTCHours()).padStart(2, '0')}:${String(date.getUTCMinutes()).padStart(2, '0')}`;
  const day = `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  return `${day} at ${time} UTC`;
}

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
  'newsletter-welcome': (data, options) => {
    const subject = `You're subscribed to the ${options.brand} newsletter`;
    const site = new URL(data.unsubscribeLink).origin;
    const lines = [
      'Thank you for subscribing.',
      'About once a month we send what founders and small businesses need to stay ahead: upcoming federal and state filing deadlines, tax changes worth knowing, and practical bookkeeping and compliance tips.',
    ];
    const after = ['You can unsubscribe at any time with the link at the bottom of every newsletter.'];
    return withUnsubscribeLink(
      {
        subject,
        text: [...lines, `Visit our website: ${site}`, ...after].join('\n\n'),
        html: layout(options, { paragraphs: lines, action: { label: 'Visit our website', url: site }, after }),
      },
      'Unsubscribe',
      data.unsubscribeLink,
    );
  },
  'newsletter-resubscribe': (data, options) =>
    resubscribeMail(options, data, {
      subject: 'Confirm your newsletter subscription',
      about: `This address was signed up for the ${options.brand} newsletter. It unsubscribed from it before, so we send it none until you confirm.`,
      ifIgnored: 'If you did not sign up, ignore this e-mail: you will receive no newsletter.',
    }),
  'staff-message': (data, options) => {
    const kind = MESSAGE_TYPES.get(data.type ?? 'general') ?? 'Message';
    const subject = oneLine(`${kind} from ${data.name}${data.subject ? `: ${data.subject}` : ''}`);
    const fields: Array<[string, string | undefined]> = [
      ['From', `${data.name} <${data.email}>`],
      ['Phone', data.phone],
      ['Subject', data.subject],
      ['Type', data.type],
      ['Source', data.source],
    ];
    const details = fields.filter(([, value]) => value).map(([label, value]) => `${label}: ${oneLine(value!)}`);
    const intro = `${data.name} sent a message through the website. Reply to this e-mail to answer them at ${data.email}.`;
    return {
      subject,
      replyTo: data.email,
      text: [intro, details.join('\n'), 'Message:', data.message].join('\n\n'),
      html: layout(options, {
        paragraphs: [intro, ...details, 'Message:'],
        after: data.message.split(/\r?\n/).filter((line) => line.trim()),
      }),
    };
  },
  'invite-code': (data, options) => {
    const from = data.inviterName?.trim() ? `${oneLine(data.inviterName)} at ${options.brand}` : options.brand;
    const subject = `Complete your ${data.formTitle} for ${options.brand}`;
    const lines = [
      'Hello,',
      `${from} invites you to fill in the ${data.formTitle}, so that our team can prepare your onboarding. You do not need an account: the link below opens the questionnaire.`,
    ];
    const after = [
      `Your invite code is ${data.code}. It can be used to submit the questionnaire once.`,
      `The invitation expires on ${formatTimeIn(data.expiresAt, options.timeZone)}.`,
      'If you were not expecting this invitation, you can ignore this e-mail.',
    ];
    return {
      subject,
      text: [...lines, `Open the questionnaire: ${data.link}`, ...after].join('\n\n'),
      html: layout(options, { paragraphs: lines, action: { label: 'Open the questionnaire', url: data.link }, after }),
    };
  },
  'onboarding-submission': (data, options) => {
    const subject = oneLine(`New ${data.formTitle}: ${data.clientName}`);
    const intro = [
      `${oneLine(data.clientName)} submitted the ${data.formTitle} with invite code ${data.code} on ${formatUtc(data.submittedAt)}.`,
      ...(data.replyTo ? [`Reply to this e-mail to write to them at ${data.replyTo}.`] : []),
    ];
    const answers = data.answers.map(({ label, value }) => `${label}: ${oneLine(value)}`);
    return {
      subject,
      replyTo: data.replyTo,
      text: [...intro, answers.join('\n')].join('\n\n'),
      html: layout(options, { paragraphs: [...intro, 'Answers:'], after: answers }),
    };
  },
  ...INTAKE_TEMPLATES,
  ...BILLING_TEMPLATES,
  ...DOCUMENT_TEMPLATES,
  ...SECURITY_TEMPLATES,
};

/** Renders a template mail job into the subject, text and HTML the transports send. */
export function renderTemplate(mail: TemplateMail, options: MailLayoutOptions): RenderedMail {
  const render = TEMPLATES[mail.template] as Renderer<typeof mail.template>;
  if (!render) throw new Error(`unknown mail template "${String(mail.template)}"`);
  return render(mail.data as never, options);
}
