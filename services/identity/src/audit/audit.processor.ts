import { InjectDataSource } from '@nestjs/typeorm';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job, UnrecoverableError } from 'bullmq';
import type { DataSource } from 'typeorm';
import { appendAuditEntry, QUEUES, QueueJob } from '@portal/events';

/**
 * Works the `audit` queue: every other service writes its entries through its outbox (AuditTrail),
 * and this worker appends each one to identity's audit_log (identity's own go straight in). The job
 * id is the line's id, so a job run twice (a relay retry, a worker crash after the insert) leaves
 * one line.
 */
@Processor(QUEUES.audit, { concurrency: 4 })
export class AuditProcessor extends WorkerHost {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {
    super();
  }

  async process(job: QueueJob<'audit'>): Promise<void> {
    if (job.name !== 'record') throw new UnrecoverableError(`unknown audit job "${(job as Job).name}"`);
    if (!job.id) throw new UnrecoverableError('an audit job needs an id');
    await appendAuditEntry(this.dataSource, job.id, job.data);
  }
}
