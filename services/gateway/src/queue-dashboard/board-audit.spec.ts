import { boardAction, isAllowedChange, recordBoardAction } from './board-audit';

describe('audit entries of the queue dashboard', () => {
  const params = { queueName: 'mail', jobId: '42', queueStatus: 'failed' };

  it('records retries, removals and clean-ups that succeeded', () => {
    expect(boardAction('PUT', '/api/queues/:queueName/:jobId/retry', params, 204)).toEqual({
      action: 'queue.job_retried',
      target: 'queue:mail/42',
      details: {},
    });
    expect(boardAction('put', '/api/queues/:queueName/retry/:queueStatus', params, 200)).toEqual({
      action: 'queue.job_retried',
      target: 'queue:mail',
      details: { all: true, status: 'failed' },
    });
    expect(boardAction('PUT', '/api/queues/:queueName/:jobId/clean', params, 204)).toMatchObject({
      action: 'queue.job_removed',
      target: 'queue:mail/42',
    });
    expect(boardAction('PUT', '/api/queues/:queueName/clean/:queueStatus', params, 200)).toEqual({
      action: 'queue.cleaned',
      target: 'queue:mail',
      details: { status: 'failed' },
    });
    expect(boardAction('PUT', '/api/queues/:queueName/empty', params, 200)).toMatchObject({ action: 'queue.cleaned' });
  });

  it('records nothing for reads, other changes and refused requests', () => {
    expect(boardAction('GET', '/api/queues/:queueName/:jobId', params, 200)).toBeUndefined();
    expect(boardAction('PUT', '/api/queues/:queueName/:jobId/retry', params, 404)).toBeUndefined();
  });

  it('records pausing and resuming a queue, or all of them', () => {
    expect(boardAction('PUT', '/api/queues/:queueName/pause', params, 200)).toEqual({
      action: 'queue.paused',
      target: 'queue:mail',
      details: {},
    });
    expect(boardAction('PUT', '/api/queues/:queueName/resume', params, 200)).toMatchObject({ action: 'queue.resumed' });
    expect(boardAction('PUT', '/api/queues/pause', {}, 200)).toEqual({
      action: 'queue.paused',
      target: 'queue:*',
      details: { all: true },
    });
  });

  it('allows only the changes it records: adding jobs, their data, schedulers, limits and the rest are refused', () => {
    for (const route of [
      '/api/queues/:queueName/:jobId/retry',
      '/api/queues/:queueName/clean/:queueStatus',
      '/api/queues/:queueName/empty',
      '/api/queues/:queueName/pause',
      '/api/queues/resume',
    ]) {
      expect(isAllowedChange('PUT', route)).toBe(true);
    }
    expect(isAllowedChange('POST', '/api/queues/:queueName/add')).toBe(false);
    expect(isAllowedChange('PATCH', '/api/queues/:queueName/:jobId/update-data')).toBe(false);
    expect(isAllowedChange('PUT', '/api/queues/:queueName/job-schedulers/:schedulerId/remove')).toBe(false);
    expect(isAllowedChange('PATCH', '/api/queues/:queueName/job-schedulers/:schedulerId')).toBe(false);
    expect(isAllowedChange('PUT', '/api/queues/:queueName/concurrency')).toBe(false);
    expect(isAllowedChange('PUT', '/api/queues/:queueName/rate-limit')).toBe(false);
    // Obliterating deletes the queue's schedules (deadline reminders, clean-up) with it.
    expect(isAllowedChange('PUT', '/api/queues/:queueName/obliterate')).toBe(false);
    expect(isAllowedChange('PATCH', '/api/queues/:queueName/:jobId/delay')).toBe(false);
    expect(isAllowedChange('POST', '/api/metrics/history/purge')).toBe(false);
    // The method counts: a route that only reads is not a change.
    expect(isAllowedChange('DELETE', '/api/queues/:queueName/pause')).toBe(false);
  });

  it("adds the entry to the 'audit' queue under a fresh id", async () => {
    const add = jest.fn().mockResolvedValue({});
    const scope = { actor_id: 'a1', actor_email: 'admin@example.com', client_ip: '203.0.113.7', request_id: 'r1' };
    const done = { action: 'queue.job_removed' as const, target: 'queue:mail/42', details: {} };
    await recordBoardAction({ add } as never, scope, done);
    await recordBoardAction({ add } as never, scope, done);
    expect(add).toHaveBeenCalledWith(
      'record',
      { at: expect.any(String), ...scope, ...done },
      { jobId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    );
    expect(add.mock.calls[0][2].jobId).not.toBe(add.mock.calls[1][2].jobId);
  });
});
