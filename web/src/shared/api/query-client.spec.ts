import { createQueryClient } from './query-client';
import { shouldRetry } from './retry';

describe('createQueryClient', () => {
  it('keeps data fresh for 30 seconds and retries through shouldRetry', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;

    expect(defaults?.staleTime).toBe(30_000);
    expect(defaults?.retry).toBe(shouldRetry);
  });
});
