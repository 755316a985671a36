import { Logger, OnModuleDestroy } from '@nestjs/common';
import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Job, UnrecoverableError } from 'bullmq';
import { QUEUES, QueueJob } from '@portal/events';
import { EventOutcome, StripeEventsService } from './stripe-events.service';

/**
 * Works the stripe-events queue: each job names a stored event; a failure (Stripe unreachable, the
 * database) is retried with exponential backoff and, once out of attempts, kept in the failed set.
 */
@Processor(QUEUES.stripeEvents, { concurrency: 4 })
export class StripeEventsProcessor extends WorkerHost implements OnModuleDestroy {
  private readonly logger = new Logger(StripeEventsProcessor.name);

  constructor(private readonly events: StripeEventsService) {
    super();
  }

  async process(job: QueueJob<'stripe-events'>): Promise<EventOutcome> {
    switch (job.name) {
      case 'process':
        return this.events.process(job.data.eventId);
      default:
        throw new UnrecoverableError(`unknown stripe-events job "${(job as Job).name}"`);
    }
  }

  @OnWorkerEvent('failed')
  onFailed(job: Job | undefined, error: Error): void {
    const attempts = job?.opts.attempts ?? 1;
    const final = !job || job.attemptsMade >= attempts || error instanceof UnrecoverableError;
    const where = job ? `stripe-events job ${job.id} (attempt ${job.attemptsMade}/${attempts})` : 'stripe-events job';
    const message = `${where} failed: ${error.message}`;
    if (final) this.logger.error(`${message}; kept in the failed set`);
    else this.logger.warn(`${message}; will retry`);
  }

  // Stop taking jobs before the data source closes.
  async onModuleDestroy(): Promise<void> {
    try {
      await this.worker.close();
    } catch (error) {
      this.logger.warn(`closing the stripe-events worker: ${(error as Error).message}`);
    }
  }
}
