/*
 * Invite codes and the two onboarding questionnaires (onboarding, under /invite-codes): the
 * admins' code management and submissions, the public code check and the two submits.
 */
import { EMAIL_MAX_LENGTH, type Page } from './common';

/** The two questionnaires a code can open, by the web route that shows them. */
export const INVITE_ROUTES = ['/new-client', '/new-nonprofit-llc'] as const;
export type InviteRoute = (typeof INVITE_ROUTES)[number];

export const SUBMISSION_KINDS = ['bookkeeping', 'nonprofit'] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

/** A code's description (admin forms). */
export const INVITE_DESCRIPTION_MAX_LENGTH = 500;

/** The 409 of a submit with a code of the other questionnaire; the web says it before the form too. */
export const WRONG_QUESTIONNAIRE = 'This invite code is for a different questionnaire.';

/** POST /invite-codes/ and PUT /invite-codes/{id} (admins only). */
export interface SaveInviteCodeRequest {
  /** ISO 8601 with an offset ('2026-11-24T14:00:00Z'), in the future, at most a year ahead. */
  expiration_datetime: string;
  route: InviteRoute;
  /** Blank or null: none. */
  description?: string | null;
}

/** POST /invite-codes/{id}/send-email (admins only); answers a MessageReply. */
export interface SendInviteCodeRequest {
  recipient_email: string;
}

/** An invite code as the admins see it. */
export interface InviteCodeReply {
  id: string;
  /** 'K7M2-QX9D-4TRB-HF3W' */
  invite_code: string;
  expiration_datetime: string;
  route: InviteRoute;
  description: string | null;
  is_used: boolean;
  used_at: string | null;
  created_at: string;
  created_by: string;
  last_sent_to: string | null;
  last_sent_at: string | null;
  send_count: number;
}

/** GET /invite-codes/?page=&page_size= (admins only). */
export type InviteCodePageReply = Page<InviteCodeReply>;

/** GET /invite-codes/{code}: what a visitor with the code learns (nothing private). */
export interface InviteCodeCheckReply {
  invite_code: string;
  route: InviteRoute;
  expiration_datetime: string;
}

/**
 * POST /invite-codes/{code}/submit-onboarding: the 'Bookkeeping Client Onboarding
 * Questionnaire'. Choice answers take the values of BOOKKEEPING_CHOICES. Questions the form
 * hides may come empty ('' or null) but never with a value.
 */
export interface BookkeepingOnboardingRequest {
  company_name: string;
  accounting_software_use: string;
  /** Optional; only when accounting_software_use is Yes. */
  accounting_software_name?: string | null;
  /** Required when accounting_software_use is Yes; empty otherwise. */
  add_team_to_software?: string | null;
  /** Required when accounting_software_use is No; empty otherwise. */
  setup_on_our_system?: string | null;
  /** Text such as '3' or '5-10'. */
  bank_accounts_count: string;
  report_frequency: string;
  payroll_provider: string;
  /** Required when payroll_provider is Yes; empty otherwise. */
  payroll_provider_name?: string | null;
  invoicing_help: string;
  report_email: string;
}

export type BookkeepingField = keyof BookkeepingOnboardingRequest;

/** POST /invite-codes/{code}/submit-nonprofit-onboarding: the 'Non-Profit LLC Formation Questionnaire'. */
export interface NonprofitOnboardingRequest {
  non_profit_name: string;
  /** 9 digits, the dash optional (EIN_PATTERN). */
  ein_number?: string | null;
  state_of_formation: string;
}

export type NonprofitField = keyof NonprofitOnboardingRequest;

/**
 * The longest answer each typed question of the two questionnaires takes (characters, trimmed); the
 * forms stop typing there, the server refuses more. The EIN has its pattern instead (EIN_PATTERN).
 */
export const ANSWER_LIMITS = {
  company_name: 200,
  accounting_software_name: 200,
  bank_accounts_count: 100,
  payroll_provider_name: 200,
  report_email: EMAIL_MAX_LENGTH,
  non_profit_name: 200,
  state_of_formation: 100,
} as const satisfies Partial<Record<BookkeepingField | NonprofitField, number>>;

export interface SubmitOnboardingReply {
  message: string;
  submission_id: string;
}

/** The allowed answers of the bookkeeping questionnaire's choices, in the order they are offered. */
export const BOOKKEEPING_CHOICES = {
  accounting_software_use: ['Yes', 'No'],
  add_team_to_software: ['Yes', 'No', 'Not sure'],
  setup_on_our_system: ['Yes', 'No', 'Need more info'],
  report_frequency: ['Monthly', 'Quarterly', 'Not sure'],
  payroll_provider: ['Yes', 'No', 'Will need one'],
  invoicing_help: ['Yes', 'No', 'Maybe later'],
} as const satisfies Partial<Record<BookkeepingField, readonly string[]>>;

export type ChoiceField = keyof typeof BOOKKEEPING_CHOICES;

/** Field → label, in the order of the form: validation messages, the staff mail and the admin panel use these. */
export const BOOKKEEPING_LABELS = {
  company_name: 'Company name',
  accounting_software_use: 'Accounting software use',
  accounting_software_name: 'Accounting software name',
  add_team_to_software: 'Add team to software',
  setup_on_our_system: 'Setup on our system',
  bank_accounts_count: 'Number of bank accounts',
  report_frequency: 'Report frequency',
  payroll_provider: 'Payroll provider',
  payroll_provider_name: 'Payroll provider name',
  invoicing_help: 'Invoicing help',
  report_email: 'Report email',
} as const satisfies Record<BookkeepingField, string>;

export const NONPROFIT_LABELS = {
  non_profit_name: 'Non-profit name',
  ein_number: 'EIN',
  state_of_formation: 'State of formation',
} as const satisfies Record<NonprofitField, string>;

/** Nine digits, the dash after the second optional: 12-3456789 or 123456789. */
export const EIN_PATTERN = /^(\d{2})-?(\d{7})$/;
export const EIN_MESSAGE = 'EIN must have 9 digits, as in 12-3456789';

export const BOOKKEEPING_TITLE = 'Bookkeeping Client Onboarding Questionnaire';
export const NONPROFIT_TITLE = 'Non-Profit LLC Formation Questionnaire';

export interface Questionnaire {
  kind: SubmissionKind;
  /** As the web titles the form (and the staff mail names it). */
  title: string;
  labels: Readonly<Record<string, string>>;
}

export const QUESTIONNAIRES: Readonly<Record<InviteRoute, Questionnaire>> = {
  '/new-client': { kind: 'bookkeeping', title: BOOKKEEPING_TITLE, labels: BOOKKEEPING_LABELS },
  '/new-nonprofit-llc': { kind: 'nonprofit', title: NONPROFIT_TITLE, labels: NONPROFIT_LABELS },
};

/** The stored answers of each questionnaire: every field present, null when not asked or left empty. */
export type BookkeepingAnswers = { [F in BookkeepingField]-?: string | null };
export type NonprofitAnswers = { [F in NonprofitField]-?: string | null };

/** A submitted questionnaire (admins only). */
export interface SubmissionReply {
  id: string;
  kind: SubmissionKind;
  invite_code: string;
  route: InviteRoute;
  /** BookkeepingAnswers or NonprofitAnswers, by kind. */
  answers: Record<string, string | null>;
  submitted_at: string;
}

/** GET /invite-codes/submissions/?page=&page_size= (admins only); one is GET /invite-codes/submissions/{id}. */
export type SubmissionPageReply = Page<SubmissionReply>;
