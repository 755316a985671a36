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

/**
 * What a refusal is about, which decides what the mail worker does with it:
 * - 'message': this message will never be accepted as it is (its recipient, its content): failed at once;
 * - 'account': the sending account or identity is at fault (sending paused, sender not verified, sandbox):
 *   no mail goes until someone fixes it, so the whole queue waits and tries again, with an error logged;
 * - 'quota': the account's daily sending quota is used up: the whole queue waits, no attempt is spent;
 * - 'transient': anything else (a burst over the rate, the provider unavailable): the job's own retries.
 */
export type RefusalScope = 'message' | 'account' | 'quota' | 'transient';

/** The provider refused the message; `scope` says whether the message, the account or the moment is at fault. */
export class MailRejectedError extends Error {
  constructor(
    message: string,
    readonly scope: RefusalScope,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'MailRejectedError';
  }

  /** Sending this message again cannot succeed. */
  get permanent(): boolean {
    return this.scope === 'message';
  }
}

/** `a@x.com` or `a@x.com, b@y.com` for logs and errors. */
export function recipientList(to: string | string[]): string {
  return (Array.isArray(to) ? to : [to]).join(', ');
}
