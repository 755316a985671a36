import {
  BOARD_FAILED,
  CLEANABLE_STATUSES,
  boardErrorPayload,
  boardRequestProblem,
  MAX_JOBS_PER_PAGE,
  MAX_PAGE,
} from './board-answers';

describe('boardRequestProblem', () => {
  it('lets the board’s own queries through, its own checks included', () => {
    expect(
      boardRequestProblem('/api/queues', {}, { activeQueue: 'mail', status: 'failed', page: '3', jobsPerPage: '50' }),
    ).toBeUndefined();
    expect(boardRequestProblem('/api/queues', {}, { queueName: 'housekeeping-identity' })).toBeUndefined();
    expect(boardRequestProblem('/api/queues', {}, { page: 'not-a-number', jobsPerPage: '-1' })).toBeUndefined();
    expect(boardRequestProblem('/api/queues', {}, undefined)).toBeUndefined();
  });

  it('refuses a clean of a status BullMQ does not clean (it would clean nothing, and be audited as a clean)', () => {
    const clean = (queueStatus: string) =>
      boardRequestProblem('/api/queues/:queueName/clean/:queueStatus', { queueName: 'mail', queueStatus }, {});
    for (const status of CLEANABLE_STATUSES) expect(clean(status)).toBeUndefined();
    expect(clean('nonsense')).toBe(
      'Jobs that are nonsense cannot be cleaned: the statuses are completed, wait, waiting, active, paused, prioritized, delayed, failed',
    );
    expect(clean('__proto__')).toMatch(/cannot be cleaned/);
  });

  it('refuses a queue name the board would fail to decode (a 500 from its decodeURIComponent)', () => {
    expect(boardRequestProblem('/api/queues', {}, { activeQueue: '%E0%A4%A' })).toBe(
      'The query parameter "activeQueue" is not a queue name: it holds a malformed %-encoding',
    );
    expect(boardRequestProblem('/api/queues', {}, { queueName: '%' })).toMatch(/"queueName" is not a queue name/);
  });

  it('refuses a page or page size whose job range Redis cannot read (a 500 from its script)', () => {
    expect(boardRequestProblem('/api/queues', {}, { page: '99999999999999999999999999' })).toBe(
      `The query parameter "page" may be at most ${MAX_PAGE}`,
    );
    expect(boardRequestProblem('/api/queues', {}, { jobsPerPage: '1e300' })).toBe(
      `The query parameter "jobsPerPage" may be at most ${MAX_JOBS_PER_PAGE}`,
    );
    expect(
      boardRequestProblem('/api/queues', {}, { page: String(MAX_PAGE), jobsPerPage: String(MAX_JOBS_PER_PAGE) }),
    ).toBeUndefined();
  });
});

describe('boardErrorPayload', () => {
  const noCause = () => {
    throw new Error('no cause expected');
  };

  it('adds a detail in words to the board’s keyed errors, keeping the key its UI translates', () => {
    const body = { error: { key: 'ERRORS.JOB_NOT_RETRIABLE', options: { state: 'delayed' } } };
    expect(JSON.parse(boardErrorPayload(400, JSON.stringify(body), noCause))).toEqual({
      detail: 'Only a failed or completed job can be retried; this one is delayed',
      ...body,
    });
    const invalid = {
      error: { key: 'ERRORS.INVALID_QUERY_PARAM', options: { field: 'page' } },
      code: 'INVALID_REQUEST',
    };
    expect(JSON.parse(boardErrorPayload(400, JSON.stringify(invalid), noCause)).detail).toBe(
      'The query parameter "page" is not valid',
    );
  });

  it('words what Fastify refused before the board, and a key it does not know', () => {
    const fastify = (message: string) => JSON.stringify({ error: { key: 'ERRORS.INTERNAL_SERVER_ERROR' }, message });
    expect(JSON.parse(boardErrorPayload(413, fastify('Request body is too large'), noCause)).detail).toBe(
      'Request body is too large',
    );
    expect(JSON.parse(boardErrorPayload(415, fastify('Unsupported Media Type'), noCause)).detail).toMatch(/JSON/);
    // Where NODE_ENV is development, the board adds the error's stack.
    const withStack = JSON.stringify({
      error: { key: 'ERRORS.INTERNAL_SERVER_ERROR' },
      message: 'Body is not valid JSON',
      details: 'SyntaxError: Unexpected end\n    at JSON.parse (<anonymous>)\n    at /app/node_modules/x.js:1:2',
    });
    expect(JSON.parse(boardErrorPayload(400, withStack, noCause))).toEqual({
      detail: 'Body is not valid JSON',
      error: { key: 'ERRORS.INTERNAL_SERVER_ERROR' },
      message: 'Body is not valid JSON',
    });
    expect(JSON.parse(boardErrorPayload(409, JSON.stringify({ error: { key: 'ERRORS.NEW' } }), noCause)).detail).toBe(
      'The queue dashboard refused this request',
    );
  });

  it('answers a 5xx without its cause, which goes to the log', () => {
    const causes: string[] = [];
    const leaked = JSON.stringify({
      error: { key: 'ERRORS.INTERNAL_SERVER_ERROR' },
      message: 'ERR value is not an integer or out of range script: 2c21b4, on @user_script:65.',
    });
    expect(JSON.parse(boardErrorPayload(500, leaked, (cause) => causes.push(cause)))).toEqual({
      detail: BOARD_FAILED,
      error: { key: 'ERRORS.INTERNAL_SERVER_ERROR' },
    });
    expect(causes).toEqual([leaked]);
  });

  it('leaves an answer of the gateway’s own, and one that is no JSON object, as it is', () => {
    const ours = JSON.stringify({ detail: 'Not found: GET /queues/x' });
    expect(boardErrorPayload(404, ours, noCause)).toBe(ours);
    expect(boardErrorPayload(400, 'not json', noCause)).toBe('not json');
    expect(boardErrorPayload(400, '[1]', noCause)).toBe('[1]');
  });
});
