import { inFlight } from './in-flight';

/** A promise settled from outside, for an action that is still under way. */
function pending() {
  let resolve = () => {};
  let reject = (_error: Error) => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('inFlight', () => {
  it('drops a second action asked for in the same tick as the first (a double click)', async () => {
    const flight = inFlight();
    const first = pending();
    const started: string[] = [];
    const one = flight.run(() => {
      started.push('first');
      return first.promise;
    });
    // Nothing has been awaited yet: the lock is taken as the first click is handled.
    expect(flight.busy).toBe(true);
    const two = flight.run(() => {
      started.push('second');
      return Promise.resolve();
    });
    expect(started).toEqual(['first']);
    await expect(two).resolves.toBe(false);

    first.resolve();
    await expect(one).resolves.toBe(true);
    expect(flight.busy).toBe(false);
    expect(started).toEqual(['first']);
  });

  it('runs the next action once the last one has settled, even if it failed', async () => {
    const flight = inFlight();
    const failing = pending();
    const failed = flight.run(() => failing.promise);
    failing.reject(new Error('Failed to cancel subscription'));
    await expect(failed).rejects.toThrow('Failed to cancel subscription');
    expect(flight.busy).toBe(false);

    const retried: string[] = [];
    await expect(flight.run(async () => void retried.push('retry'))).resolves.toBe(true);
    expect(retried).toEqual(['retry']);
  });

  it('keeps each lock to its own actions', async () => {
    const cancel = inFlight();
    const reactivate = inFlight();
    const held = pending();
    const running = cancel.run(() => held.promise);
    await expect(reactivate.run(() => Promise.resolve())).resolves.toBe(true);
    held.resolve();
    await running;
  });
});
