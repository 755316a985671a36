import type { JobsOptions } from 'bullmq';

/** What every queue, worker and outbox relay of this process shares. */
export interface QueueSettings {
  /** BullMQ key prefix. */
  prefix: string;
  jobOptions: JobsOptions;
}

export const QUEUE_SETTINGS = Symbol('QUEUE_SETTINGS');
