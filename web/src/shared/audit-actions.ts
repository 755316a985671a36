import type { AuditAction } from '@portal/contracts';

/** Every action in words: the admins' Audit log tab and the security events a client sees on /settings. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Failed sign-in attempt',
  'auth.locked_out': 'Sign-in locked after repeated failures',
  'auth.password_changed': 'Password changed',
  'auth.password_reset': 'Password reset by e-mail',
  'auth.two_factor_enabled': 'Two-factor authentication turned on',
  'auth.two_factor_disabled': 'Two-factor authentication turned off',
  'auth.recovery_code_used': 'Recovery code used',
  'auth.signed_out_everywhere': 'Signed out everywhere',
  'auth.signed_out': 'Signed out',
  'admin.role_promoted': 'Made an admin',
  'admin.role_demoted': 'Admin rights removed',
  'invite_code.created': 'Invite code created',
  'invite_code.updated': 'Invite code edited',
  'invite_code.emailed': 'Invite code e-mailed',
  'submission.viewed': 'Questionnaire viewed',
  'library.file_uploaded': 'Library file uploaded',
  'library.file_deleted': 'Library file deleted',
  'vault.listed': 'Client vault opened',
  'vault.file_downloaded': 'Client file downloaded',
  'vault.file_uploaded': 'Client uploaded a file to their vault',
  'vault.file_deleted': 'Client deleted a file from their vault',
  'queue.job_retried': 'Queue job retried',
  'queue.job_removed': 'Queue job removed',
  'queue.cleaned': 'Queue cleaned',
  'queue.paused': 'Queue paused',
  'queue.resumed': 'Queue resumed',
  'queue.dashboard_opened': 'Queue dashboard opened',
  'deadline_reminders.run': 'Deadline reminders run',
  'audit_log.exported': 'Audit log exported',
};

/** An action the web does not know yet (a newer server) is shown as the server names it. */
export function actionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}
