import { boardAction, recordBoardAction } from './board-audit';

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
    expect(boardAction('PUT', '/api/queues/:queueName/pause', params, 200)).toBeUndefined();
    expect(boardAction('PUT', '/api/queues/:queueName/:jobId/retry', params, 404)).toBeUndefined();
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
