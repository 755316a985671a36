import type { VerificationStatusReply } from '@portal/contracts';
import type { Profile } from '../profile/profile';
import { AUTH_MESSAGES } from './errors';

export interface VerificationStatus {
  email: string;
  is_verified: boolean;
  /**
   * True when the answer came from the last fallback, which asks for a verification mail: one has
   * just been sent, so the page need not offer to send another at once.
   */
  mailRequested?: boolean;
}

export interface VerificationRequestResult {
  message: string;
  /** The server said the address was already verified (spec part 1, section 8). */
  already_verified?: boolean;
}

export interface StatusSources {
  /** GET /auth/verify-email/status?email= */
  status(email: string): Promise<VerificationStatusReply>;
  /** GET /profiles/me, only when signed in. */
  profile?: () => Promise<Pick<Profile, 'email' | 'is_verified'>>;
  /**
   * POST /auth/verify-email/request/, resolving with already_verified on an "already verified" 400.
   * Left out when the page holds a verification link's token: a new mail would replace that token.
   */
  request?: (email: string) => Promise<VerificationRequestResult>;
}

function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * Whether `email` is verified, asking the status call first; when it is unavailable, the signed-in
 * user's profile (if it is the same address), then (when given) a verification request whose "already
 * verified" reply means verified (spec part 1, section 7). Rejects with 'Failed to check verification status'
 * when all of them fail.
 */
export async function resolveVerificationStatus(email: string, sources: StatusSources): Promise<VerificationStatus> {
  try {
    const reply = await sources.status(email);
    return { email, is_verified: reply.is_verified };
  } catch {
    // Unavailable: try the next source.
  }
  if (sources.profile) {
    try {
      const profile = await sources.profile();
      if (sameEmail(profile.email, email)) {
        return { email, is_verified: profile.is_verified };
      }
    } catch {
      // Unavailable too.
    }
  }
  if (!sources.request) throw new Error(AUTH_MESSAGES.statusCheckFailed);
  try {
    const reply = await sources.request(email);
    return reply.already_verified === true
      ? { email, is_verified: true }
      : { email, is_verified: false, mailRequested: true };
  } catch {
    throw new Error(AUTH_MESSAGES.statusCheckFailed);
  }
}
