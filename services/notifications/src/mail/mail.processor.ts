import { Inject, Logger, OnModuleDestroy } from '@nestjs/common';
import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { InjectDataSource } from '@nestjs/typeorm';
import { Job, UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { AppConfig } from '@portal/config';
import { MailMessage, QUEUES, QueueJob, TemplateMail } from '@portal/events';
import { MAIL_TRANSPORT, MailRejectedError, MailTransport } from './mail-transport';
import { renderTemplate } from './templates/templates';

export interface MailJobResult {
  messageId: string;
  /** False when this job id had been delivered before and was skipped. */
  delivered: boolean;
  providerId?: string;
}

/** `Portal <no-reply@portal.example>` → `portal.example` (right side of our Message-IDs). */
export function senderDomain(from: string): string {
  const match = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim());
  return match ? match[1].toLowerCase() : 'portal.localhost';
}

/**
 * Sends the mail jobs. Idempotent by job id: the delivery row is claimed in the same
 * transaction that is committed after the transport accepted the message, so a job
 * seen again (a relay retry, a manual re-add) is skipped, and a concurrent duplicate
 * waits on the claim instead of sending a second copy. A crash between the transport
 * and the commit sends again on retry, with the same Message-ID.
 */
@Processor(QUEUES.mail, { concurrency: 8 })
export class MailProcessor extends WorkerHost implements OnModuleDestroy {
  private readonly logger = new Logger(MailProcessor.name);

  constructor(
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    private readonly config: AppConfig,
    @InjectDataSource('notifications') private readonly dataSource: DataSource,
  ) {
    super();
  }

  async process(job: QueueJob<'mail'>): Promise<MailJobResult> {
    if (!job.id) throw new UnrecoverableError('mail job without id');
    switch (job.name) {
      case 'send':
        return this.send(job.id, job.data);
      case 'template':
        return this.send(job.id, this.render(job.data));
      default:
        throw new UnrecoverableError(`unknown mail job "${(job as Job).name}"`);
    }
  }

  private render(mail: TemplateMail): MailMessage {
    try {
      return {
        to: mail.to,
        ...renderTemplate(mail, { brand: this.config.BRAND_NAME, supportEmail: this.config.SUPPORT_EMAIL }),
      };
    } catch (error) {
      // A template that cannot render will not render on retry either.
      throw new UnrecoverableError((error as Error).message);
    }
  }

  private async send(jobId: string, message: MailMessage): Promise<MailJobResult> {
    const messageId = `${jobId}@${senderDomain(this.config.MAIL_FROM)}`;
    // Plain SQL: on a burst of mails the query builder's work per statement showed in profiles.
    return this.dataSource.transaction(async (manager) => {
      const claim = (await manager.query(
        `INSERT INTO mail_deliveries (job_id, message_id, transport) VALUES ($1, $2, $3)
         ON CONFLICT (job_id) DO NOTHING RETURNING job_id`,
        [jobId, messageId, this.config.MAIL_TRANSPORT],
      )) as unknown[];
      if (claim.length === 0) {
        this.logger.log(`mail job ${jobId} was delivered before; skipped`);
        return { messageId, delivered: false };
      }
      let providerId: string;
      try {
        ({ id: providerId } = await this.transport.send({ ...message, from: this.config.MAIL_FROM, messageId }));
      } catch (error) {
        // Retrying a message the provider refuses for good only delays the failed job.
        if (error instanceof MailRejectedError && error.permanent) throw new UnrecoverableError(error.message);
        throw error;
      }
      await manager.query(`UPDATE mail_deliveries SET provider_id = $2 WHERE job_id = $1`, [jobId, providerId]);
      return { messageId, delivered: true, providerId };
    });
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
