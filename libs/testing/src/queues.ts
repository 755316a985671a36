import type { Queue } from 'bullmq';

const PENDING_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'] as const;

/**
 * Delayed jobs that only wait for a job scheduler's next run (the daily reminder job, the clean-up):
 * always there while a schedule exists, they are not work on its way.
 */
async function scheduledRuns(queue: Queue, delayed: number): Promise<number> {
  if (!delayed) return 0;
  const jobs = await queue.getDelayed(0, delayed - 1);
  return jobs.filter((job) => job?.repeatJobKey).length;
}

/**
 * Resolves once the queue has no job waiting, running or scheduled for a retry (a job scheduler's
 * next run does not count); throws with the counts when that does not happen within timeoutMs.
 */
export async function waitForQueueDrained(queue: Queue, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await queue.getJobCounts(...PENDING_STATES);
    counts.delayed = (counts.delayed ?? 0) - (await scheduledRuns(queue, counts.delayed ?? 0));
    if (PENDING_STATES.every((state) => !counts[state])) return;
    if (Date.now() > deadline) {
      throw new Error(`Queue ${queue.name} not drained within ${timeoutMs} ms: ${JSON.stringify(counts)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
