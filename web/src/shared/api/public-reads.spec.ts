import { ApiError } from './client';
import { createPublicReads } from './public-reads';

const MENU = [{ id: 'books', title: 'Books' }];
const CHANGED = [{ id: 'books', title: 'Bookkeeping' }];

function fetcher(...answers: Array<unknown>) {
  const calls: string[] = [];
  const fetchPath = async (path: string) => {
    calls.push(path);
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { calls, fetchPath };
}

const noDelay = { retryDelayMs: () => 0 };

describe('createPublicReads', () => {
  it('shows what the prerendered page was rendered with, then fetches it again once shown', async () => {
    const { calls, fetchPath } = fetcher(CHANGED);
    const reads = createPublicReads(fetchPath, { ...noDelay, initial: { '/menu/': MENU } });
    const seen = reads.get('/menu/');

    expect(seen).toEqual({ status: 'success', data: MENU });
    expect(reads.get('/menu/')).toBe(seen);
    // The build's data counts as never fetched, whatever the age asked for.
    await reads.refresh('/menu/', Infinity);

    expect(calls).toEqual(['/menu/']);
    expect(reads.get('/menu/')).toEqual({ status: 'success', data: CHANGED });
  });

  it('fetches again only when older than the age asked for, and once for readers asking together', async () => {
    let now = 1_000;
    const { calls, fetchPath } = fetcher(MENU);
    const reads = createPublicReads(fetchPath, { ...noDelay, now: () => now });

    await Promise.all([reads.refresh('/menu/', 60_000), reads.refresh('/menu/', 60_000)]);
    now += 59_999;
    await reads.refresh('/menu/', 60_000);
    expect(calls).toHaveLength(1);

    now += 1;
    await reads.refresh('/menu/', 60_000);
    expect(calls).toHaveLength(2);
  });

  it('tells its readers when a read changes', async () => {
    const reads = createPublicReads(fetcher(MENU).fetchPath, noDelay);
    const listener = jest.fn();
    const unsubscribe = reads.subscribe(listener);

    await reads.refresh('/menu/');
    expect(listener).toHaveBeenCalledTimes(1);

    unsubscribe();
    await reads.refresh('/menu/');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('retries a server error twice, then shows the error with the data it had, as react-query does', async () => {
    const failure = new ApiError(503, 'busy', undefined);
    const { calls, fetchPath } = fetcher(failure);
    const reads = createPublicReads(fetchPath, { ...noDelay, initial: { '/menu/': MENU } });

    await reads.refresh('/menu/');

    expect(calls).toHaveLength(3);
    expect(reads.get('/menu/')).toEqual({ status: 'error', error: failure, data: MENU });
  });

  it('never retries a 4xx, and a later fetch that succeeds replaces the error', async () => {
    const { calls, fetchPath } = fetcher(new ApiError(404, 'gone', undefined), MENU);
    const reads = createPublicReads(fetchPath, noDelay);

    await reads.refresh('/menu/');
    expect(calls).toHaveLength(1);
    expect(reads.get('/menu/').status).toBe('error');

    await reads.refresh('/menu/');
    expect(reads.get('/menu/')).toEqual({ status: 'success', data: MENU });
  });

  it('marks a failed read as retrying while it is asked again, until the answer replaces it', async () => {
    const failure = new ApiError(404, 'gone', undefined);
    let answer!: (value: unknown) => void;
    const fetchPath = jest
      .fn<Promise<unknown>, [string]>()
      .mockRejectedValueOnce(failure)
      .mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const reads = createPublicReads(fetchPath, noDelay);
    await reads.refresh('/menu/');
    expect(reads.get('/menu/')).toEqual({ status: 'error', error: failure, data: undefined });
    const listener = jest.fn();
    reads.subscribe(listener);

    const retried = reads.refresh('/menu/');
    expect(reads.get('/menu/')).toEqual({ status: 'error', error: failure, data: undefined, retrying: true });
    expect(listener).toHaveBeenCalledTimes(1);
    answer(MENU);
    await retried;
    expect(reads.get('/menu/')).toEqual({ status: 'success', data: MENU });
  });

  it('lists the reads asked for without an answer (the prerender fetches them), and snapshots the answers', async () => {
    const reads = createPublicReads(fetcher(MENU).fetchPath, noDelay);

    expect(reads.get('/menu/')).toEqual({ status: 'pending' });
    expect(reads.unanswered()).toEqual(['/menu/']);
    expect(reads.snapshot()).toEqual({});

    await Promise.all(reads.unanswered().map((path) => reads.refresh(path)));

    expect(reads.unanswered()).toEqual([]);
    expect(reads.snapshot()).toEqual({ '/menu/': MENU });
  });
});
