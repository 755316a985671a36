import { randomUUID } from 'node:crypto';
import type { AuditAction, AuditEntry } from '@portal/contracts';
import type { AuditRecord, AuditScope } from '@portal/events';
import type { Queue } from 'bullmq';

/** What a change made through the board writes into the audit log. */
export interface BoardAction {
  action: AuditAction;
  target: string;
  details: AuditEntry['details'];
}

type Params = Record<string, string | undefined>;

/**
 * The board's API routes (relative to QUEUE_DASHBOARD_PATH, as @bull-board/api declares them)
 * that retry, remove or clean jobs or pause and resume queues, and the audit entry each one writes.
 * They are the only changes the board may make (isAllowedChange).
 */
const AUDITED_ROUTES: Record<string, (params: Params) => BoardAction> = {
  'PUT /api/queues/:queueName/:jobId/retry': (p) => ({
    action: 'queue.job_retried',
    target: `queue:${p.queueName}/${p.jobId}`,
    details: {},
  }),
  'PUT /api/queues/:queueName/retry/:queueStatus': (p) => ({
    action: 'queue.job_retried',
    target: `queue:${p.queueName}`,
    details: { all: true, status: p.queueStatus ?? null },
  }),
  'PUT /api/queues/:queueName/:jobId/clean': (p) => ({
    action: 'queue.job_removed',
    target: `queue:${p.queueName}/${p.jobId}`,
    details: {},
  }),
  'PUT /api/queues/:queueName/clean/:queueStatus': (p) => ({
    action: 'queue.cleaned',
    target: `queue:${p.queueName}`,
    details: { status: p.queueStatus ?? null },
  }),
  'PUT /api/queues/:queueName/empty': (p) => ({
    action: 'queue.cleaned',
    target: `queue:${p.queueName}`,
    details: { status: 'waiting', emptied: true },
  }),
  'PUT /api/queues/:queueName/pause': (p) => ({ action: 'queue.paused', target: `queue:${p.queueName}`, details: {} }),
  'PUT /api/queues/:queueName/resume': (p) => ({
    action: 'queue.resumed',
    target: `queue:${p.queueName}`,
    details: {},
  }),
  'PUT /api/queues/pause': () => ({ action: 'queue.paused', target: 'queue:*', details: { all: true } }),
  'PUT /api/queues/resume': () => ({ action: 'queue.resumed', target: 'queue:*', details: { all: true } }),
};

/**
 * Whether the board may make this change: only those it audits. Everything else it offers writes what
 * the services own — a job added to the audit queue is an audit entry in anyone's name, one added to
 * the mail queue a mail from the firm to anyone; new job data, delays, priorities, concurrency, rate
 * limits and job schedulers (the reminder and clean-up schedules); obliterating a queue, which deletes
 * its schedules and settings with its jobs (emptying one keeps them) — and is refused, as is any route a
 * newer board adds.
 */
export function isAllowedChange(method: string, route: string): boolean {
  return `${method.toUpperCase()} ${route}` in AUDITED_ROUTES;
}

/**
 * The audit entry of a board request that succeeded, or undefined when the request changes
 * nothing the log records (a read, a pause, a failed attempt). `route` is the route's pattern
 * relative to the board's path, `params` its values.
 */
export function boardAction(method: string, route: string, params: Params, status: number): BoardAction | undefined {
  if (status >= 400) return undefined;
  return AUDITED_ROUTES[`${method.toUpperCase()} ${route}`]?.(params);
}

/**
 * Writes the entry straight into the 'audit' queue. The gateway has no schema, hence no outbox:
 * the change was made in Redis by the board (no transaction to share), so the entry goes to Redis
 * the same way, after the change and before the answer. Its job id is a fresh UUID, as an outbox
 * row's would be: identity's worker makes it the row's id, so a retried job never doubles it.
 */
export async function recordBoardAction(audit: Queue, scope: AuditScope, done: BoardAction): Promise<void> {
  const entry: AuditRecord = {
    at: new Date().toISOString(),
    ...scope,
    ...done,
  };
  await audit.add('record', entry, { jobId: randomUUID() });
}
