import { ApiError } from './client';
import { createQueryClient, shouldRetry } from './query-client';

describe('shouldRetry', () => {
  it.each([400, 401, 403, 404, 422, 429])('never retries a %i', (status) => {
    expect(shouldRetry(0, new ApiError(status, 'no', undefined))).toBe(false);
  });

  it('retries server errors and network failures twice', () => {
    for (const error of [new ApiError(503, 'busy', undefined), new TypeError('Failed to fetch')]) {
      expect([0, 1, 2].map((failures) => shouldRetry(failures, error))).toEqual([true, true, false]);
    }
  });
});

describe('createQueryClient', () => {
  it('keeps data fresh for 30 seconds and retries through shouldRetry', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;

    expect(defaults?.staleTime).toBe(30_000);
    expect(defaults?.retry).toBe(shouldRetry);
  });
});
