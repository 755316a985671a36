import { layout, oneLine, resubscribeMail, withUnsubscribeLink } from './layout';
import type { Renderer } from './templates';

type IntakeTemplate =
  'staff-job-application' | 'deadline-alerts-welcome' | 'deadline-alerts-resubscribe' | 'deadline-reminder';

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

/** '2026-12-15' → 'Tuesday, December 15, 2026': a calendar date, as US readers write it. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(date.getTime())) throw new Error(`not a date: ${day}`);
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** 1536 → '1.5 KB' */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
}

/** [30, 7, 1] → '30 days, 7 days and 1 day' */
export function formatDayList(days: readonly number[]): string {
  const words = days.map((day) => `${day} ${day === 1 ? 'day' : 'days'}`);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : (words[0] ?? '');
}

/** 'today', 'tomorrow', 'in 7 days' */
function dueIn(daysLeft: number): string {
  if (daysLeft <= 0) return 'today';
  return daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`;
}

/** Job applications for the staff, and the deadline-alert mails; merged into TEMPLATES. */
export const INTAKE_TEMPLATES: { [T in IntakeTemplate]: Renderer<T> } = {
  'staff-job-application': (data, options) => {
    const subject = oneLine(`Job application from ${data.name}: ${data.position}`);
    const intro = `${oneLine(data.name)} applied for ${oneLine(data.position)} through the careers page. Reply to this e-mail to answer them at ${data.email}.`;
    const fields: Array<[string, string | undefined]> = [
      ['From', `${data.name} <${data.email}>`],
      ['Phone', data.phone],
      ['LinkedIn', data.linkedin],
      ['Position', data.position],
    ];
    const details = fields.filter(([, value]) => value).map(([label, value]) => `${label}: ${oneLine(value!)}`);
    const resume = `Resume: ${oneLine(data.resumeFileName)} (${formatSize(data.resumeBytes)}). It is not attached: admins download it from the staff inbox.`;
    return {
      subject,
      replyTo: data.email,
      text: [
        intro,
        details.join('\n'),
        resume,
        `Open the staff inbox: ${data.inboxLink}`,
        'Message:',
        data.message,
      ].join('\n\n'),
      html: layout(options, {
        paragraphs: [intro, ...details, resume],
        action: { label: 'Open the staff inbox', url: data.inboxLink },
        after: ['Message:', ...data.message.split(/\r?\n/).filter((line) => line.trim())],
      }),
    };
  },
  'deadline-alerts-welcome': (data, options) => {
    const subject = `You're subscribed to deadline reminders from ${options.brand}`;
    const site = new URL(data.unsubscribeLink).origin;
    const lines = [
      'Thanks for subscribing to tax and compliance deadline reminders.',
      `We will e-mail you ${formatDayList(data.daysBefore)} before each deadline on our filings calendar (annual reports, federal tax forms, FinCEN reports and more), with a link to the filing's page.`,
    ];
    const after = ['Every reminder carries a link to unsubscribe.'];
    return withUnsubscribeLink(
      {
        subject,
        text: [...lines, `See the filings calendar: ${site}/filings`, ...after].join('\n\n'),
        html: layout(options, {
          paragraphs: lines,
          action: { label: 'See the filings calendar', url: `${site}/filings` },
          after,
        }),
      },
      'Unsubscribe',
      data.unsubscribeLink,
    );
  },
  'deadline-alerts-resubscribe': (data, options) =>
    resubscribeMail(options, data, {
      subject: 'Confirm your deadline reminders',
      about: `This address was signed up for tax and compliance deadline reminders from ${options.brand}. It unsubscribed from them before, so we send none until you confirm.`,
      ifIgnored: 'If you did not sign up, ignore this e-mail: you will receive no reminders.',
    }),
  'deadline-reminder': (data, options) => {
    const day = formatDay(data.deadline);
    const when = dueIn(data.daysLeft);
    const subject = oneLine(`Reminder: ${data.formName} is due ${when} (${day})`);
    const lines = [
      `${data.formName} is due ${when}, on ${day}.`,
      ...(data.officialName !== data.formName ? [`Filed as: ${data.officialName}.`] : []),
      'Our team can prepare and file it for you: open the filing to see what it involves, its fee, and to get started.',
    ];
    const after = ['You receive this because you signed up for deadline reminders on our website.'];
    return withUnsubscribeLink(
      {
        subject,
        text: [...lines, `View the filing: ${data.filingLink}`, ...after].join('\n\n'),
        html: layout(options, { paragraphs: lines, action: { label: 'View the filing', url: data.filingLink }, after }),
      },
      'Unsubscribe from deadline reminders',
      data.unsubscribeLink,
    );
  },
};
