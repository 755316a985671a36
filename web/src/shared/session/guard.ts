import { signInPath, verifyEmailPath } from '../routes';
import type { User } from './user';

export interface GuardLocation {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

export interface GuardOptions {
  /** Verified e-mail needed to see the page; true unless a page says otherwise (spec part 1, section 4). */
  requireVerified?: boolean;
}

/**
 * Where a guarded page sends the visitor instead of showing itself, or null to show it. The spec names
 * path and query as the way back; the hash is kept too, so that a link to /profile#subscriptions comes
 * back to that section after signing in.
 */
export function guardRedirect(
  user: Pick<User, 'email' | 'is_verified'> | null,
  location: GuardLocation,
  { requireVerified = true }: GuardOptions = {},
): string | null {
  const here = location.pathname + location.search + location.hash;
  if (!user) return signInPath(here);
  if (requireVerified && !user.is_verified) return verifyEmailPath(user.email, here);
  return null;
}
