import type { Queue } from 'bullmq';

export interface JobSchedule {
  /** Stable id of the schedule in Redis: the same id updates the schedule instead of adding one. */
  id: string;
  /** A five-field cron pattern read in UTC, or 'off' to remove the schedule. */
  pattern: string;
  /** The job each run adds. */
  job: { name: string; data: object };
}

/**
 * Puts a repeatable job on `queue` with BullMQ's job schedulers. Called at start by the processes that
 * run workers only: however many replicas start, Redis holds one schedule per id (the upsert is atomic)
 * and each run is one job, taken by one worker. A changed pattern replaces the old one; 'off' removes it.
 */
export async function applyJobSchedule(queue: Queue, schedule: JobSchedule): Promise<'scheduled' | 'off'> {
  if (schedule.pattern === 'off') {
    await queue.removeJobScheduler(schedule.id);
    return 'off';
  }
  await queue.upsertJobScheduler(
    schedule.id,
    { pattern: schedule.pattern, tz: 'UTC' },
    { name: schedule.job.name, data: schedule.job.data },
  );
  return 'scheduled';
}
