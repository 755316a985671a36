/**
 * The board's answers to bad input. Bull Board answers its errors as `{ error: { key, options } }`
 * for its UI to translate, and a thrown error with its message as is (a Redis error among them);
 * the gateway adds the human `detail` every answer of ours carries, keeps the key for the UI, and
 * answers a 5xx without the cause (logged instead).
 */

/** More jobs on one page than the board's UI ever asks for; a client asking for more is refused. */
export const MAX_JOBS_PER_PAGE = 1000;
/** Keeps the board's job range ((page - 1) × jobsPerPage) an integer Redis reads. */
export const MAX_PAGE = 1_000_000;

/** Query parameters the board decodes again (decodeURIComponent) and would fail on with a 500. */
const QUEUE_NAME_PARAMETERS = ['activeQueue', 'queueName'];

/**
 * What "clean" removes, as BullMQ's Queue.clean names it. The board hands any status to it, and
 * BullMQ cleans nothing for an unknown one, so the request would succeed and be audited as a clean.
 */
export const CLEANABLE_STATUSES = [
  'completed',
  'wait',
  'waiting',
  'active',
  'paused',
  'prioritized',
  'delayed',
  'failed',
];

/** Why the board may not be asked this request, or undefined: what it reads without checking. */
export function boardRequestProblem(route: string, params: unknown, query: unknown): string | undefined {
  const status = (params as Record<string, unknown> | undefined)?.queueStatus;
  if (route.endsWith('/clean/:queueStatus') && !CLEANABLE_STATUSES.includes(String(status))) {
    return `Jobs that are ${String(status)} cannot be cleaned: the statuses are ${CLEANABLE_STATUSES.join(', ')}`;
  }
  const values = (query ?? {}) as Record<string, unknown>;
  for (const name of QUEUE_NAME_PARAMETERS) {
    const value = values[name];
    if (typeof value === 'string' && !decodes(value)) {
      return `The query parameter "${name}" is not a queue name: it holds a malformed %-encoding`;
    }
  }
  const bounds = { page: MAX_PAGE, jobsPerPage: MAX_JOBS_PER_PAGE };
  for (const [name, max] of Object.entries(bounds)) {
    const value = values[name];
    // Its other checks (a whole number, at least 1) are the board's own.
    if (typeof value === 'string' && Number(value) > max) {
      return `The query parameter "${name}" may be at most ${max}`;
    }
  }
  return undefined;
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

type Options = Record<string, unknown>;

/** The board's error keys its routes answer (reads and the changes isAllowedChange lets through), in words. */
const DETAILS: Record<string, (options: Options) => string> = {
  'ERRORS.QUEUE_NOT_FOUND': () => 'There is no queue of that name',
  'ERRORS.JOB_NOT_FOUND': () => 'There is no job of that id in this queue: it may have been removed',
  'ERRORS.JOB_NOT_RETRIABLE': (o) => `Only a failed or completed job can be retried; this one is ${String(o.state)}`,
  'ERRORS.STATUS_NOT_RETRIABLE': () => 'Only failed or completed jobs can be retried',
  'ERRORS.QUEUE_NOT_PAUSED': () => 'Pause the queue before obliterating it',
  'ERRORS.QUEUE_HAS_ACTIVE_JOBS': () => 'Workers are still running jobs of this queue: try again once they are done',
  'ERRORS.JOB_IS_ACTIVE': () => 'A worker is running this job: try again once it is done',
  'ERRORS.JOB_BELONGS_TO_JOB_SCHEDULER': () =>
    'This job is the next run of a schedule and cannot be removed on its own',
  'ERRORS.INVALID_QUERY_PARAM': (o) =>
    o.field ? `The query parameter "${String(o.field)}" is not valid` : 'A query parameter is not valid',
  'ERRORS.INVALID_REQUEST_BODY': (o) =>
    o.field ? `The field "${String(o.field)}" of the request body is not valid` : 'The request body is not valid',
  'ERRORS.WORKERS_DISABLED': () => 'The queue dashboard does not list workers',
  'ERRORS.REDIS_STATS_UNAVAILABLE': () => 'Redis details are not available for this queue',
};

export const BOARD_FAILED =
  'The queue dashboard could not do this. Try again; if it keeps failing, the gateway log has the cause';

/** What Fastify (and its static files) refuse before the board, by status, in words of ours. */
const REFUSED_BEFORE_THE_BOARD: Record<number, string> = {
  403: 'That file of the queue dashboard may not be read',
  415: 'The queue dashboard reads request bodies as JSON (application/json) only',
};

interface BoardError {
  error?: { key?: unknown; options?: unknown };
  message?: unknown;
  detail?: unknown;
}

/**
 * The JSON payload of a board answer with `status` (an error) as the gateway sends it: with a
 * `detail`, and for a 5xx without what the board said of the cause. `cause` gets that text.
 */
export function boardErrorPayload(status: number, payload: string, cause: (text: string) => void): string {
  let body: BoardError;
  try {
    body = JSON.parse(payload) as BoardError;
  } catch {
    return payload;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body) || typeof body.detail === 'string') return payload;
  const key = typeof body.error?.key === 'string' ? body.error.key : undefined;
  if (status >= 500) {
    cause(payload);
    return JSON.stringify({ detail: BOARD_FAILED, error: { key: 'ERRORS.INTERNAL_SERVER_ERROR' } });
  }
  const options = (body.error?.options ?? {}) as Options;
  const detail =
    (key && DETAILS[key]?.(options)) ??
    REFUSED_BEFORE_THE_BOARD[status] ??
    // A 4xx Fastify refused before the board (unreadable or too large a body) says so in words.
    (typeof body.message === 'string' && body.message.trim() ? body.message : undefined) ??
    'The queue dashboard refused this request';
  // A thrown error's answer carries its stack in `details` when NODE_ENV is development.
  const { details: _stack, ...rest } = body as BoardError & { details?: unknown };
  return JSON.stringify({ detail, ...(key === 'ERRORS.INTERNAL_SERVER_ERROR' ? rest : body) });
}
