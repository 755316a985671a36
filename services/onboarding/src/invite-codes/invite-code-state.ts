import { GoneException } from '@nestjs/common';
import { MESSAGES } from '../common/messages';

export type InviteProblem = 'used' | 'expired';

/** Why a code cannot be used now, if it cannot: used first (it says more), then expired. */
export function inviteProblem(
  code: { isUsed: boolean; expirationDatetime: Date },
  now: Date = new Date(),
): InviteProblem | undefined {
  if (code.isUsed) return 'used';
  if (code.expirationDatetime.getTime() <= now.getTime()) return 'expired';
  return undefined;
}

/** 410 with the visitor's detail. */
export function goneFor(problem: InviteProblem): GoneException {
  return new GoneException({ detail: problem === 'used' ? MESSAGES.inviteUsed : MESSAGES.inviteExpired });
}
