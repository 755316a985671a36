/*
 * What visitors send the firm beyond the contact form (notifications): job applications with a resume
 * (multipart POST /messages/), perk provider offers (a contact message), and the staff inbox that lists
 * all of it for admins (/inbox/*).
 */
import type { CursorPage, CursorQuery } from './common';

// ---------------------------------------------------------------------------------------------------
// Careers

/** One listing on /careers (spec part 2, section 3: seven openings, plus a general application). */
export interface CareerPosition {
  /** Sent as the application's `position`. */
  title: string;
  location: string;
  /** How many people the firm hires for it. */
  openings: number;
  description: string;
}

export const GENERAL_APPLICATION = 'General Application';

/** The fixed openings, in the page's order (7 in all: Chennai has two). */
export const CAREER_POSITIONS: readonly CareerPosition[] = [
  {
    title: 'CPA',
    location: 'Remote, US',
    openings: 1,
    description:
      'Lead year-end close, review returns for startups and small businesses, and advise founders on tax planning. Active CPA license required.',
  },
  {
    title: 'Accountant',
    location: 'Raleigh, NC',
    openings: 1,
    description:
      'Own the monthly books of a portfolio of clients: reconciliations, accruals, payroll entries and month-end reporting.',
  },
  {
    title: 'Accountant',
    location: 'Chennai, India',
    openings: 2,
    description:
      'Two openings on our Chennai team: bookkeeping, reconciliations and financial statements for US clients, with overlap to US Eastern hours.',
  },
  {
    title: 'Customer Support Specialist',
    location: 'Remote, US',
    openings: 1,
    description:
      'Be the first voice clients hear: answer questions about filings, subscriptions and the portal, and route work to the right team.',
  },
  {
    title: 'Equity & Fund Administration Manager',
    location: 'Remote',
    openings: 1,
    description:
      'Run cap tables, 409A coordination, fund capital calls and investor reporting for startups and emerging managers.',
  },
  {
    title: 'Enrolled Agent',
    location: 'Remote, US',
    openings: 1,
    description:
      'Prepare and review individual and business returns and represent clients before the IRS on notices and audits.',
  },
];

/** A position as the application sends it: 'Accountant (Raleigh, NC)', or the general application. */
export function positionLabel(position: Pick<CareerPosition, 'title' | 'location'>): string {
  return `${position.title} (${position.location})`;
}

/** Every `position` an application may name. */
export const APPLICATION_POSITIONS: readonly string[] = [...CAREER_POSITIONS.map(positionLabel), GENERAL_APPLICATION];

/** The accepted resume formats: the extension and the file's first bytes must agree. */
export const RESUME_FORMATS = [
  { extension: 'pdf', contentType: 'application/pdf' },
  { extension: 'doc', contentType: 'application/msword' },
  { extension: 'docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  { extension: 'ppt', contentType: 'application/vnd.ms-powerpoint' },
  { extension: 'pptx', contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  { extension: 'txt', contentType: 'text/plain' },
] as const;

export type ResumeExtension = (typeof RESUME_FORMATS)[number]['extension'];

/** The file input's `accept`: extensions and media types. */
export const RESUME_ACCEPT = RESUME_FORMATS.flatMap((format) => [`.${format.extension}`, format.contentType]).join(',');

/** 5 MB: a resume, even with a photo, is far smaller; the page states it. */
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;
export const RESUME_MAX_LABEL = '5 MB';

export const RESUME_INVALID_TYPE = 'Please upload a valid file type (PDF, Word, PowerPoint, or TXT)';

/** The extension of a file name, lower case, when it is one of RESUME_FORMATS. */
export function resumeExtension(fileName: string): ResumeExtension | undefined {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  const extension = match?.[1].toLowerCase();
  return RESUME_FORMATS.find((format) => format.extension === extension)?.extension;
}

export const JOB_APPLICATION_SOURCE = 'website_careers_page';

/**
 * POST /messages/ as multipart/form-data: these text fields, and the file in the field `resume`
 * (RESUME_FORMATS, at most RESUME_MAX_BYTES). Answers a CreateMessageReply.
 */
export interface JobApplicationFields {
  name: string;
  email: string;
  phone: string;
  /** Optional; an http(s) URL when given. */
  linkedin?: string;
  message: string;
  /** One of APPLICATION_POSITIONS. */
  position: string;
  type: 'job_application';
  /** JOB_APPLICATION_SOURCE; the server assumes it when left out. */
  source?: typeof JOB_APPLICATION_SOURCE;
}

export const RESUME_FIELD = 'resume';

// ---------------------------------------------------------------------------------------------------
// Perks

/** The perk provider form's perk types (spec part 2, section 5), as the staff read them. */
export const PERK_TYPES = ['Redemption URL', 'Promo code', 'Redemption email'] as const;
export type PerkType = (typeof PERK_TYPES)[number];

export const PERK_SOURCE = 'website_perks_page';

// ---------------------------------------------------------------------------------------------------
// The staff inbox (admins only)

/** What the inbox lists: a kind of visitor message, or a subscriber of one of the two lists. */
export const INBOX_KINDS = [
  'contact_message',
  'book_call',
  'job_application',
  'perk_submission',
  'newsletter_subscriber',
  'deadline_subscriber',
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** Where an inbox item is stored, the first part of its address (/inbox/{source}/{id}/...). */
export const INBOX_SOURCES = ['messages', 'newsletter', 'deadline-alerts'] as const;
export type InboxSource = (typeof INBOX_SOURCES)[number];

export const INBOX_STATES = ['all', 'open', 'handled'] as const;
export type InboxState = (typeof INBOX_STATES)[number];

/** GET /inbox/?before=&page_size=&kind=&state= ; changing a filter starts again without `before`. */
export interface InboxQuery extends CursorQuery {
  /** Every kind when left out. */
  kind?: InboxKind;
  /** 'all' when left out. */
  state?: InboxState;
}

export interface ResumeInfo {
  file_name: string;
  size: number;
  content_type: string;
}

/** One thing a visitor sent, newest first. Fields a kind does not have are null. */
export interface InboxItemReply {
  id: string;
  source: InboxSource;
  kind: InboxKind;
  /** When it arrived (a subscriber: when they last subscribed). */
  received_at: string;
  email: string;
  name: string | null;
  phone: string | null;
  subject: string | null;
  message: string | null;
  /** The form it came from, e.g. website_careers_page. */
  origin: string | null;
  position: string | null;
  linkedin: string | null;
  /** A job application's resume: GET /inbox/messages/{id}/resume downloads it. */
  resume: ResumeInfo | null;
  /** Subscribers: 'subscribed' or 'unsubscribed'. */
  subscription_status: 'subscribed' | 'unsubscribed' | null;
  handled_at: string | null;
}

export type InboxPageReply = CursorPage<InboxItemReply>;

/** PUT /inbox/{source}/{id}/handled: marks the item handled (true) or open again (false). */
export interface MarkHandledRequest {
  handled: boolean;
}

/** GET /inbox/subscribers.csv?list= : one list's subscribers as CSV. */
export const SUBSCRIBER_LISTS = ['newsletter', 'deadline-alerts'] as const;
export type SubscriberList = (typeof SUBSCRIBER_LISTS)[number];

export interface SubscriberExportQuery {
  list: SubscriberList;
}
