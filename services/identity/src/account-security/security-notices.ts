import { Injectable } from '@nestjs/common';
import { AppConfig } from '@portal/config';
import { Outbox, QUEUES, type SecurityNoticeKind } from '@portal/events';
import type { EntityManager } from 'typeorm';

/** Whom a notice goes to: the account's address, and the name it greets. */
export interface NoticeRecipient {
  email: string;
  firstName: string;
}

/**
 * Tells an account's owner that its password or second factor changed (the 'security-notice' mail),
 * so that a change made by someone else with their password or session does not go unseen. Queued in
 * the transaction of the change: sent once it commits, never for a change refused or rolled back.
 */
@Injectable()
export class SecurityNotices {
  constructor(
    private readonly outbox: Outbox,
    private readonly config: AppConfig,
  ) {}

  /** `clientIp`: the request's client address as the audit entry records it; null when no request made the change. */
  async queue(
    manager: EntityManager,
    recipient: NoticeRecipient,
    kind: SecurityNoticeKind,
    clientIp: string | null,
  ): Promise<void> {
    await this.outbox.enqueue(manager, QUEUES.mail, 'template', {
      template: 'security-notice',
      to: recipient.email,
      data: {
        kind,
        firstName: recipient.firstName,
        at: new Date().toISOString(),
        ip: clientIp,
        forgotPasswordLink: `${this.config.appUrl}/forgot-password`,
      },
    });
  }
}
