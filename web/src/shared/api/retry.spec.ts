import { ApiError } from './client';
import { retryDelayMs, shouldRetry } from './retry';

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

describe('retryDelayMs', () => {
  it('doubles from 1 s up to 30 s', () => {
    expect([0, 1, 2, 5, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });
});
