import type { MailMessage } from '@portal/events';

/** A message ready to leave: the worker has added the sender and a stable Message-ID. */
export type OutgoingMail = MailMessage & {
  from: string;
  /** Without angle brackets, derived from the job id so a resend keeps the same id. */
  messageId: string;
};

/** Where mail goes: files under DATA_DIR in development, SES in production. */
export interface MailTransport {
  /** Resolves with the transport's id of the message (file name, SES MessageId). */
  send(message: OutgoingMail): Promise<{ id: string }>;
}

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

/** The provider refused the message; `permanent` when sending it again cannot succeed. */
export class MailRejectedError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'MailRejectedError';
  }
}

/** `a@x.com` or `a@x.com, b@y.com` for logs and errors. */
export function recipientList(to: string | string[]): string {
  return (Array.isArray(to) ? to : [to]).join(', ');
}
