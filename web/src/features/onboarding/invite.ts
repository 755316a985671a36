import {
  WRONG_QUESTIONNAIRE,
  type InviteCodeCheckReply,
  type InviteRoute,
  type ValidationErrorReply,
} from '@portal/contracts';
import { serverDetail } from '../../shared/api/server-detail';
import { ONBOARDING_MESSAGES } from './questionnaires';

/** The two questionnaire pages a code can open (their paths are ROUTES.newClient and ROUTES.newNonprofitLlc). */
export type { InviteRoute };

/** GET /invite-codes/{code}: the code, the questionnaire it opens and its expiry. */
export type InviteRecord = InviteCodeCheckReply;

/** Said when a code of one questionnaire is opened on the other's page (the server's 409 text). */
export { WRONG_QUESTIONNAIRE };

export type InviteState =
  | { status: 'validating' }
  | {
      status: 'invalid';
      /** What went wrong: the missing code, the server's detail, or the fallback. */
      detail: string;
      /** The page the code belongs to, when it was opened on the other questionnaire's page. */
      otherRoute?: InviteRoute;
    }
  | { status: 'valid'; invite: InviteRecord };

/** The code of the page's query (`?code=...`), or null when there is none. */
export function codeFromQuery(value: string | null): string | null {
  const code = value?.trim();
  return code ? code : null;
}

/**
 * Where the invite check stands (spec part 1, section 4): validating, then valid or invalid. Invalid
 * when the URL has no code, when the call fails (the server's detail, else the spec's fallback), or
 * when the code opens the other questionnaire: the server would refuse its submit, so the visitor is
 * told at once and pointed to the right page instead of filling in the wrong form.
 */
export function inviteState(
  code: string | null,
  check: { isPending: boolean; data?: InviteRecord; error?: unknown },
  page: InviteRoute,
): InviteState {
  if (!code) return { status: 'invalid', detail: ONBOARDING_MESSAGES.noCode };
  if (check.error) return { status: 'invalid', detail: inviteErrorDetail(check.error) };
  if (check.isPending || !check.data) return { status: 'validating' };
  const route = check.data.route;
  if (route !== page) return { status: 'invalid', detail: WRONG_QUESTIONNAIRE, otherRoute: route };
  return { status: 'valid', invite: check.data };
}

export function inviteErrorDetail(error: unknown): string {
  return serverDetail(error) ?? ONBOARDING_MESSAGES.validateFailed;
}

/**
 * The code to submit with: the validated record's own, or null when it lacks one ('Invite code data is
 * missing.'). The record is the server's reply as received, so the field may be absent or null whatever
 * the contract says.
 */
export function submittableCode(invite: InviteRecord | undefined): string | null {
  const code: unknown = invite?.invite_code;
  return typeof code === 'string' ? code.trim() || null : null;
}

/** The server's text for a failed submit, else the spec's fallback. */
export function submitErrorDetail(error: unknown): string {
  return serverDetail(error) ?? ONBOARDING_MESSAGES.submitFailed;
}

/**
 * The details of a failed submit, one a line: the server's list of answer problems (a 400 carries
 * `errors`), else the single detail.
 */
export function submitErrorDetails(error: unknown): string[] {
  const body = (error as { body?: unknown } | null)?.body;
  if (serverDetail(error) && typeof body === 'object' && body !== null) {
    const list = (body as { [Field in keyof ValidationErrorReply]?: unknown }).errors;
    if (Array.isArray(list)) {
      const lines = list.filter((item): item is string => typeof item === 'string' && item.trim() !== '');
      if (lines.length > 0) return lines;
    }
  }
  return [submitErrorDetail(error)];
}
