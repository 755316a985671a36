import { InjectDataSource } from '@nestjs/typeorm';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job, UnrecoverableError } from 'bullmq';
import type { DataSource } from 'typeorm';
import { QUEUES, QueueJob } from '@portal/events';
import type { AuditRecord } from '@portal/events';

/**
 * Works the `audit` queue: every service writes its entries through its outbox (AuditTrail), and
 * this worker appends each one to identity's audit_log. The job id is the line's id, so a job run
 * twice (a relay retry, a worker crash after the insert) leaves one line.
 */
@Processor(QUEUES.audit, { concurrency: 4 })
export class AuditProcessor extends WorkerHost {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {
    super();
  }

  async process(job: QueueJob<'audit'>): Promise<void> {
    if (job.name !== 'record') throw new UnrecoverableError(`unknown audit job "${(job as Job).name}"`);
    if (!job.id) throw new UnrecoverableError('an audit job needs an id');
    await this.append(job.id, job.data);
  }

  private async append(id: string, entry: AuditRecord): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO audit_log (id, at, actor_id, actor_email, action, target, client_ip, request_id, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)
       ON CONFLICT (id) DO NOTHING`,
      [
        id,
        entry.at,
        entry.actor_id,
        entry.actor_email,
        entry.action,
        entry.target,
        entry.client_ip,
        entry.request_id,
        JSON.stringify(entry.details ?? {}),
      ],
    );
  }
}
