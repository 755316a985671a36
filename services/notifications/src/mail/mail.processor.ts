import { Inject, Injectable, Logger, OnModuleDestroy, Type } from '@nestjs/common';
import { InjectQueue, OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import { Job, Queue, UnrecoverableError, Worker, type WorkerOptions } from 'bullmq';
import { DataSource } from 'typeorm';
import { AppConfig } from '@portal/config';
import { isListMail, MailMessage, QUEUES, QueueJob, redactSecrets, TemplateMail } from '@portal/events';
import { deadlinePassed } from './deadline-gate';
import { DeliveryLedger } from './delivery-ledger';
import { MAIL_TRANSPORT, MailRejectedError, MailTransport } from './mail-transport';
import { subscriptionEnded } from './subscription-gate';
import { unsuppressedRecipients } from './suppression-gate';
import { renderTemplate } from './templates/templates';

export interface MailJobResult {
  messageId: string;
  /** False when this job id had been delivered before, or it was skipped (see `skipped`). */
  delivered: boolean;
  providerId?: string;
  /**
   * Why the mail was not sent (the address unsubscribed while it waited, a reminder's deadline passed, or SES
   * reported it bounced or complained).
   */
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
 * How long the mail queue waits after the provider refused a mail for a fault of the account or the sender
 * identity (RefusalScope 'account'): every other mail would be refused alike until someone fixes it, and
 * a verification or reset mail must not end in the failed set meanwhile. Tried again after it, for good.
 */
export const ACCOUNT_REFUSAL_WAIT_MS = 5 * 60 * 1000;
/** How long the mail queue waits once the daily sending quota is used up (SES: wait up to 10 minutes, then retry). */
export const DAILY_QUOTA_WAIT_MS = 10 * 60 * 1000;

/**
 * Worker options of the mail queue. With SES, no more mails handed over per second than SES_MAX_SEND_RATE,
 * by all the workers together (BullMQ's limiter is the queue's, in Redis), so a large fan-out waits its
 * turn instead of spending its attempts on throttling; the limiter is also what holds the whole queue while
 * the account cannot send (Queue.rateLimit).
 */
export function mailWorkerOptions(
  config: Pick<AppConfig, 'MAIL_TRANSPORT' | 'SES_MAX_SEND_RATE'>,
): Partial<WorkerOptions> {
  return {
    concurrency: MAIL_CONCURRENCY,
    ...(config.MAIL_TRANSPORT === 'ses' ? { limiter: { max: config.SES_MAX_SEND_RATE, duration: 1000 } } : {}),
  };
}

/** The mail worker with the options of this configuration (@Processor reads them when it decorates a class). */
export function mailProcessor(config: Pick<AppConfig, 'MAIL_TRANSPORT' | 'SES_MAX_SEND_RATE'>): Type<MailProcessor> {
  @Processor(QUEUES.mail, mailWorkerOptions(config))
  class ConfiguredMailProcessor extends MailProcessor {}
  return ConfiguredMailProcessor;
}

/**
 * Sends the mail jobs. Idempotent by job id: the delivery row is claimed in a
 * transaction that is committed after the transport accepted the message (DeliveryLedger,
 * one transaction for the mails in flight together), so a job seen again (a relay retry,
 * a manual re-add) is skipped, and a concurrent duplicate waits on the claim instead of
 * sending a second copy. A crash between the transport and the commit sends again on
 * retry, with the same Message-ID.
 */
@Injectable()
export class MailProcessor extends WorkerHost implements OnModuleDestroy {
  private readonly logger = new Logger(MailProcessor.name);

  private readonly ledger: DeliveryLedger;

  constructor(
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    private readonly config: AppConfig,
    @InjectDataSource('notifications') private readonly dataSource: DataSource,
    @InjectQueue(QUEUES.mail) private readonly queue: Queue,
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
        return this.sendMessage(job.id, job.data);
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
   * on, a deadline reminder only until its deadline, and no mail goes to an address SES reported bounced
   * (nor list mail to one that complained): checked here, when it is about to be sent, not only when it was
   * queued. Skipped, the job completes with the reason, logged by ids; mail_deliveries records deliveries
   * only, so it is not written.
   */
  private async sendTemplate(jobId: string, mail: TemplateMail): Promise<MailJobResult> {
    const skipped =
      deadlinePassed(mail, this.config.FIRM_TIME_ZONE) ??
      (await subscriptionEnded(this.dataSource, mail)) ??
      (await unsuppressedRecipients(this.dataSource, mail.to, isListMail({ name: 'template', data: mail }))).skipped;
    if (skipped) return this.skip(jobId, mail.template, skipped);
    return this.send(jobId, this.render(mail));
  }

  /** A mail of its own (not a template): sent to the recipients SES's feedback does not stop, if any. */
  private async sendMessage(jobId: string, message: MailMessage): Promise<MailJobResult> {
    const recipients = await unsuppressedRecipients(
      this.dataSource,
      message.to,
      isListMail({ name: 'send', data: message }),
    );
    if (recipients.skipped) return this.skip(jobId, 'send', recipients.skipped);
    const dropped = (Array.isArray(message.to) ? message.to.length : 1) - recipients.to.length;
    if (dropped) {
      this.logger.log(`mail job ${jobId}: ${dropped} recipient(s) left out: they bounced for good (SES feedback)`);
      return this.send(jobId, { ...message, to: recipients.to });
    }
    return this.send(jobId, message);
  }

  private skip(jobId: string, what: string, reason: string): MailJobResult {
    this.logger.log(`mail job ${jobId} (${what}) not sent: ${reason}`);
    return { messageId: this.messageId(jobId), delivered: false, skipped: reason };
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
    let providerId: string | null;
    try {
      providerId = await this.ledger.deliver(
        jobId,
        messageId,
        async () => (await this.transport.send({ ...message, from: this.config.MAIL_FROM, messageId })).id,
      );
    } catch (error) {
      throw await this.answerRefusal(jobId, error);
    }
    if (providerId === null) {
      this.logger.log(`mail job ${jobId} was delivered before; skipped`);
      return { messageId, delivered: false };
    }
    return { messageId, delivered: true, providerId };
  }

  /** What the job throws when its send failed (see RefusalScope). */
  private async answerRefusal(jobId: string, error: unknown): Promise<unknown> {
    if (!(error instanceof MailRejectedError)) return error;
    switch (error.scope) {
      case 'message':
        // Retrying a message the provider refuses for good only delays the failed job.
        return new UnrecoverableError(error.message);
      case 'account':
        this.logger.error(
          `mail job ${jobId}: ${error.message}. The sending account or identity is at fault, not this mail: ` +
            `the mail queue waits ${ACCOUNT_REFUSAL_WAIT_MS / 60_000} minutes and tries again, no attempt spent`,
        );
        return this.holdQueue(ACCOUNT_REFUSAL_WAIT_MS);
      case 'quota':
        this.logger.warn(
          `mail job ${jobId}: ${error.message}. The daily sending quota is used up: ` +
            `the mail queue waits ${DAILY_QUOTA_WAIT_MS / 60_000} minutes and tries again, no attempt spent`,
        );
        return this.holdQueue(DAILY_QUOTA_WAIT_MS);
      default:
        return error;
    }
  }

  /**
   * Holds every mail worker for `ms` (the queue's rate limit, which only a queue with a limiter obeys:
   * the SES transport's, mailWorkerOptions); the job goes back to the waiting list without spending an attempt.
   */
  private async holdQueue(ms: number): Promise<Error> {
    await this.queue.rateLimit(ms);
    return Worker.RateLimitError();
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
