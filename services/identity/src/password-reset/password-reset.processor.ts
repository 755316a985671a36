import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Job, UnrecoverableError } from 'bullmq';
import { QUEUES, QueueJob } from '@portal/events';
import { PasswordResetService } from './password-reset.service';

/** Works the `password-reset` queue: the forgot-password requests, answered before they were looked up. */
@Processor(QUEUES.passwordReset, { concurrency: 4 })
export class PasswordResetProcessor extends WorkerHost {
  constructor(private readonly passwordReset: PasswordResetService) {
    super();
  }

  async process(job: QueueJob<'password-reset'>): Promise<void> {
    if (job.name !== 'request') throw new UnrecoverableError(`unknown password-reset job "${(job as Job).name}"`);
    await this.passwordReset.mailLink(job.data);
  }
}
