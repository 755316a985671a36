import type { AuditScope } from '@portal/events';

/**
 * The request's audit scope with `user` as the actor: on public routes (sign-in, password reset,
 * the code step) nobody is signed in yet, yet the entry is about that account. `email` alone (no
 * account) for a failed sign-in of an unknown e-mail: the e-mail tried, no id.
 */
export function asActor(scope: AuditScope, user: { id: string; email: string } | { email: string }): AuditScope {
  return { ...scope, actor_id: 'id' in user ? user.id : null, actor_email: user.email };
}
