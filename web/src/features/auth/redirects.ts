import { ROUTES, verifyEmailPath } from '../../shared/routes';
import { safeRedirect } from '../../shared/session/safe-redirect';
import type { User } from '../../shared/session/user';

/** Pauses before moving on, so the success message can be read (spec part 1, section 9). */
export const REDIRECT_DELAYS_MS = {
  afterSignUp: 2000,
  afterPasswordReset: 3000,
  afterVerification: 2000,
} as const;

/** Where to continue: the `redirect` query value made safe, else the profile. */
export function continuePath(redirect: string | null | undefined): string {
  return redirect ? safeRedirect(redirect) : ROUTES.profile;
}

/** The redirect to hand on to the next auth step, made safe; null when there is none. */
function handOn(redirect: string | null | undefined): string | null {
  return redirect ? safeRedirect(redirect) : null;
}

/** After a login: an unverified user verifies first, a verified one continues (spec part 1, section 4). */
export function afterSignInPath(
  user: Pick<User, 'email' | 'is_verified'>,
  redirect: string | null | undefined,
): string {
  return user.is_verified ? continuePath(redirect) : verifyEmailPath(user.email, handOn(redirect));
}

/** After creating an account: the verification page, which continues to the same place afterwards. */
export function afterSignUpPath(email: string, redirect: string | null | undefined): string {
  return verifyEmailPath(email, handOn(redirect));
}

/** After a password reset: sign in again, with the success banner. */
export const AFTER_PASSWORD_RESET_PATH = `${ROUTES.signIn}?password_reset=true`;

/** The other auth pages keep the way back: `/signup?redirect=...` from the sign-in page and so on. */
export function withRedirect(path: string, redirect: string | null | undefined): string {
  return redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
}

/** The parameters of a hash written like a query (`#token=...`). */
function hashParams(hash: string): URLSearchParams {
  return new URLSearchParams(hash.replace(/^#/, ''));
}

/** Whether the address carries a one-time token (`?token=` or `#token=`): a reset or verification link. */
export function carriesToken(search: string, hash: string): boolean {
  return new URLSearchParams(search).has('token') || hashParams(hash).has('token');
}

/**
 * The query and hash without the token, for the address bar once the page has read it: what the
 * address says, third-party scripts of the page (the chat widget) read and report.
 */
export function withoutToken(search: string, hash: string): { search: string; hash: string } {
  const query = new URLSearchParams(search);
  query.delete('token');
  const fragment = hashParams(hash);
  let restOfHash = hash;
  if (fragment.has('token')) {
    fragment.delete('token');
    const rest = fragment.toString();
    restOfHash = rest ? `#${rest}` : '';
  }
  const rest = query.toString();
  return { search: rest ? `?${rest}` : '', hash: restOfHash };
}

/** The verification token of the link: `?token=...`, or `#token=...` (kept out of server logs). */
export function verificationTokenFrom(search: string, hash: string): string | null {
  const fromQuery = new URLSearchParams(search).get('token')?.trim();
  if (fromQuery) return fromQuery;
  const fromHash = hashParams(hash).get('token')?.trim();
  return fromHash || null;
}

/**
 * The `email` query value. A link written without encoding turns `ann+tax@example.com` into
 * `ann tax@...` when decoded; an address has no spaces, so they are put back as plus signs.
 */
export function emailFromQuery(value: string | null): string {
  return (value ?? '').trim().replace(/ /g, '+');
}
