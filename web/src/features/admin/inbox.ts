import {
  INBOX_KINDS,
  type InboxItemReply,
  type InboxKind,
  type InboxQuery,
  type InboxState,
  type SubscriberList,
} from '@portal/contracts';
import { parse as parseDisposition } from 'content-disposition';

/** The staff inbox tab: labels, filters and the lines an item shows. Pure. */

export const INBOX_MESSAGES = {
  loadFailed: 'Failed to load the inbox. Please try again.',
  markFailed: 'Failed to update the item. Please try again.',
  downloadFailed: 'Failed to download the file. Please try again.',
  empty: 'Nothing here yet.',
} as const;

export const INBOX_KIND_LABELS: Record<InboxKind, string> = {
  contact_message: 'Contact message',
  book_call: 'Book-a-call request',
  job_application: 'Job application',
  perk_submission: 'Perk submission',
  newsletter_subscriber: 'Newsletter subscriber',
  deadline_subscriber: 'Deadline-alert subscriber',
};

const INBOX_KIND_PLURALS: Record<InboxKind, string> = {
  contact_message: 'Contact messages',
  book_call: 'Book-a-call requests',
  job_application: 'Job applications',
  perk_submission: 'Perk submissions',
  newsletter_subscriber: 'Newsletter subscribers',
  deadline_subscriber: 'Deadline-alert subscribers',
};

/** The kind filter: everything, or one kind. */
export const INBOX_KIND_FILTERS: ReadonlyArray<{ value: InboxKind | ''; label: string }> = [
  { value: '', label: 'Everything' },
  ...INBOX_KINDS.map((kind) => ({ value: kind, label: INBOX_KIND_PLURALS[kind] })),
];

export const INBOX_STATE_FILTERS: ReadonlyArray<{ value: InboxState; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'handled', label: 'Handled' },
];

export const SUBSCRIBER_EXPORTS: ReadonlyArray<{ list: SubscriberList; label: string }> = [
  { list: 'newsletter', label: 'Export newsletter subscribers (CSV)' },
  { list: 'deadline-alerts', label: 'Export deadline-alert subscribers (CSV)' },
];

/** What the inbox is filtered by; a change reads it again from its first page. */
export type InboxFilters = Pick<InboxQuery, 'kind' | 'state'>;

/** `?before=…&page_size=20&kind=job_application&state=open`; filters left out when not chosen. */
export function inboxQueryString(query: InboxQuery): string {
  const params = new URLSearchParams();
  if (query.before !== undefined) params.set('before', query.before);
  if (query.page_size !== undefined) params.set('page_size', String(query.page_size));
  if (query.kind) params.set('kind', query.kind);
  if (query.state && query.state !== 'all') params.set('state', query.state);
  return params.toString();
}

/** 'Job application from Jane Doe', 'Newsletter subscriber: jane@example.com' */
export function itemTitle(item: Pick<InboxItemReply, 'kind' | 'name' | 'email'>): string {
  const kind = INBOX_KIND_LABELS[item.kind];
  return item.name ? `${kind} from ${item.name}` : `${kind}: ${item.email}`;
}

export interface DetailLine {
  label: string;
  value: string;
  /** A web address to link (LinkedIn), or a mailto. */
  href?: string;
}

/** The item's fields for people, leaving out what it does not have. */
export function itemDetails(item: InboxItemReply): DetailLine[] {
  const lines: DetailLine[] = [{ label: 'Email', value: item.email, href: `mailto:${item.email}` }];
  if (item.phone) lines.push({ label: 'Phone', value: item.phone });
  if (item.position) lines.push({ label: 'Position', value: item.position });
  if (item.linkedin) {
    const safe = /^https?:\/\//i.test(item.linkedin);
    lines.push({ label: 'LinkedIn', value: item.linkedin, ...(safe ? { href: item.linkedin } : {}) });
  }
  if (item.subject) lines.push({ label: 'Subject', value: item.subject });
  if (item.subscription_status) {
    lines.push({ label: 'Status', value: item.subscription_status === 'subscribed' ? 'Subscribed' : 'Unsubscribed' });
  }
  if (item.origin) lines.push({ label: 'Sent from', value: item.origin });
  return lines;
}

/** 48213 → '47.1 KB' */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

/** The file name a download's Content-Disposition gives (filename* first), or undefined. */
export function dispositionFileName(header: string | null): string | undefined {
  return (header && parseDisposition(header).parameters.filename) || undefined;
}
