import type { Queue } from 'bullmq';

const PENDING_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'] as const;

/**
 * Resolves once the queue has no job waiting, running or scheduled for a retry;
 * throws with the counts when that does not happen within timeoutMs.
 */
export async function waitForQueueDrained(queue: Queue, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = await queue.getJobCounts(...PENDING_STATES);
    if (PENDING_STATES.every((state) => !counts[state])) return;
    if (Date.now() > deadline) {
      throw new Error(`Queue ${queue.name} not drained within ${timeoutMs} ms: ${JSON.stringify(counts)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
