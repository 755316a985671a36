import { GoneException } from '@nestjs/common';
import { goneFor, inviteProblem } from './invite-code-state';

describe('invite code state', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const fresh = { isUsed: false, expirationDatetime: new Date('2026-11-22T12:00:01Z') };

  it('is usable until used or expired (expiry exclusive)', () => {
    expect(inviteProblem(fresh, now)).toBeUndefined();
    expect(inviteProblem({ ...fresh, expirationDatetime: now }, now)).toBe('expired');
    expect(inviteProblem({ ...fresh, isUsed: true }, now)).toBe('used');
    expect(inviteProblem({ isUsed: true, expirationDatetime: new Date(0) }, now)).toBe('used');
  });

  it('answers 410 with the visitor text', () => {
    expect(goneFor('used')).toBeInstanceOf(GoneException);
    expect(goneFor('used').getResponse()).toEqual({ detail: 'This invite code has already been used.' });
    expect(goneFor('expired').getResponse()).toEqual({ detail: 'This invite code has expired.' });
  });
});
