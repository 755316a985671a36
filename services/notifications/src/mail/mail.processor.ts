import { Inject, Logger, OnModuleDestroy } from '@nestjs/common';
import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import { Job, UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { AppConfig } from '@portal/config';
import { MailMessage, QUEUES, QueueJob, redactSecrets, TemplateMail } from '@portal/events';
import { DeliveryLedger } from './delivery-ledger';
import { MAIL_TRANSPORT, MailRejectedError, MailTransport } from './mail-transport';
import { subscriptionEnded } from './subscription-gate';
import { renderTemplate } from './templates/templates';

export interface MailJobResult {
  messageId: string;
  /** False when this job id had been delivered before, or its subscription ended: skipped. */
  delivered: boolean;
  providerId?: string;
  /** Why a mail to a subscription was not sent (the address unsubscribed while it waited). */
  skipped?: string;
}

/** `Portal <no-reply@portal.example>` → `portal.example` (right side of our Message-IDs). */
export function senderDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  return match ? match[1].toLowerCase() : 'portal.localhost';
}

/** Mails sent at once by one worker process; their claims share a transaction (bench/mail.ts runs as many). */
const MAIL_CONCURRENCY = 32;

/**
 * Sends the mail jobs. Idempotent by job id: the delivery row is claimed in a
 * transaction that is committed after the transport accepted the message (DeliveryLedger,
 * one transaction for the mails in flight together), so a job seen again (a relay retry,
 * a manual re-add) is skipped, and a concurrent duplicate waits on the claim instead of
 * sending a second copy. A crash between the transport and the commit sends again on
 * retry, with the same Message-ID.
 */
@Processor(QUEUES.mail, { concurrency: MAIL_CONCURRENCY })
export class MailProcessor extends WorkerHost implements OnModuleDestroy {
  private readonly logger = new Logger(MailProcessor.name);

  private readonly ledger: DeliveryLedger;

  constructor(
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    private readonly config: AppConfig,
    @InjectDataSource('notifications') private readonly dataSource: DataSource,
  ) {
    super();
    this.ledger = new DeliveryLedger(dataSource, config.MAIL_TRANSPORT, MAIL_CONCURRENCY);
  }

  async process(job: QueueJob<'mail'>): Promise<MailJobResult> {
    const result = await this.deliver(job);
    await this.forgetSecrets(job);
    return result;
  }

  private deliver(job: QueueJob<'mail'>): Promise<MailJobResult> {
    if (!job.id) throw new UnrecoverableError('mail job without id');
    switch (job.name) {
      case 'send':
        return this.send(job.id, job.data);
      case 'template':
        return this.sendTemplate(job.id, job.data);
      default:
        throw new UnrecoverableError(`unknown mail job "${(job as Job).name}"`);
    }
  }

  /**
   * Delivered (its claim committed): the job stays in Redis for days, in the dashboard's completed list,
   * without the credentials it carried (a reset link, a verification code). Seen again, it is skipped.
   */
  private async forgetSecrets(job: QueueJob<'mail'>): Promise<void> {
    const kept = redactSecrets(job.data);
    if (kept === job.data) return;
    await (job as Job).updateData(kept).catch((error: Error) => {
      this.logger.warn(`mail job ${job.id}: its credentials stay in its data: ${error.message}`);
    });
  }

  /**
   * A mail to a subscription (a deadline reminder, a welcome mail) goes out only while the subscription is
   * on: checked here, when it is about to be sent, not only when it was queued. Skipped, the job completes
   * with the reason, logged by ids; mail_deliveries records deliveries only, so it is not written.
   */
  private async sendTemplate(jobId: string, mail: TemplateMail): Promise<MailJobResult> {
    const ended = await subscriptionEnded(this.dataSource, mail);
    if (ended) {
      this.logger.log(`mail job ${jobId} (${mail.template}) not sent: ${ended}`);
      return { messageId: this.messageId(jobId), delivered: false, skipped: ended };
    }
    return this.send(jobId, this.render(mail));
  }

  private messageId(jobId: string): string {
    return `${jobId}@${senderDomain(this.config.MAIL_FROM)}`;
  }

  private render(mail: TemplateMail): MailMessage {
    try {
      return {
        to: mail.to,
        ...renderTemplate(mail, {
          brand: this.config.BRAND_NAME,
          supportEmail: this.config.SUPPORT_EMAIL,
          timeZone: this.config.FIRM_TIME_ZONE,
        }),
      };
    } catch (error) {
      // A template that cannot render will not render on retry either.
      throw new UnrecoverableError((error as Error).message);
    }
  }

  private async send(jobId: string, message: MailMessage): Promise<MailJobResult> {
    const messageId = this.messageId(jobId);
    const providerId = await this.ledger.deliver(jobId, messageId, async () => {
      try {
        return (await this.transport.send({ ...message, from: this.config.MAIL_FROM, messageId })).id;
      } catch (error) {
        // Retrying a message the provider refuses for good only delays the failed job.
        if (error instanceof MailRejectedError && error.permanent) throw new UnrecoverableError(error.message);
        throw error;
      }
    });
    if (providerId === null) {
      this.logger.log(`mail job ${jobId} was delivered before; skipped`);
      return { messageId, delivered: false };
    }
    return { messageId, delivered: true, providerId };
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job | undefined, error: Error): void {
    const attempts = job?.opts.attempts ?? 1;
    const final = !job || job.attemptsMade >= attempts || error instanceof UnrecoverableError;
    const where = job ? `mail job ${job.id} (attempt ${job.attemptsMade}/${attempts})` : 'mail job';
    const message = `${where} failed: ${error.message}`;
    if (final) this.logger.error(`${message}; kept in the failed set`);
    else this.logger.warn(`${message}; will retry`);
  }

  // Stop taking jobs before the data source closes (TypeORM closes it on application shutdown).
  async onModuleDestroy(): Promise<void> {
    try {
      await this.worker.close();
    } catch (error) {
      this.logger.warn(`closing the mail worker: ${(error as Error).message}`);
    }
  }
}
