import type { AppConfig } from '@portal/config';
import { TooManyUploadsException, UploadSlots, UploadsBusyException, UploadTooSlowException } from './upload-slots';

describe('UploadSlots', () => {
  const slots = () =>
    new UploadSlots({
      DOCUMENTS_MAX_UPLOADS_IN_FLIGHT: 4,
      DOCUMENTS_UPLOAD_MIN_BYTES_PER_SECOND: 1000,
      DOCUMENTS_UPLOAD_MIN_SECONDS: 60,
    } as AppConfig);

  /** An upload under way until `end` is called (resolve) or `fail` (reject). */
  function pending() {
    let end!: () => void;
    let fail!: (error: Error) => void;
    const promise = new Promise<string>((resolve, reject) => {
      end = () => resolve('stored');
      fail = reject;
    });
    return { run: () => promise, end, fail };
  }

  it('takes 3 at once per account and 4 in all, refusing one more at once', async () => {
    const subject = slots();
    const a = [pending(), pending(), pending()];
    const running = a.map((upload) => subject.run('a', 0, upload.run));
    await expect(subject.run('a', 0, async () => 'x')).rejects.toBeInstanceOf(TooManyUploadsException);
    const b = pending();
    const bRunning = subject.run('b', 0, b.run);
    const busy = subject.run('c', 0, async () => 'x');
    await expect(busy).rejects.toBeInstanceOf(UploadsBusyException);
    await expect(busy).rejects.toMatchObject({ retryAfterSeconds: 60, status: 503 });

    // An upload that fails (refused, the client gone) frees its place, in the account and in all.
    a[0].fail(new Error('the client went away'));
    await expect(running[0]).rejects.toThrow('the client went away');
    await expect(subject.run('c', 0, async () => 'taken')).resolves.toBe('taken');
    await expect(subject.run('a', 0, async () => 'taken')).resolves.toBe('taken');

    for (const upload of [a[1], a[2], b]) upload.end();
    await expect(Promise.all([running[1], running[2], bRunning])).resolves.toEqual(['stored', 'stored', 'stored']);
    // All freed: 4 at once again.
    const again = [pending(), pending(), pending(), pending()];
    const accounts = ['a', 'a', 'a', 'b'];
    const runs = again.map((upload, index) => subject.run(accounts[index], 0, upload.run));
    await expect(subject.run('d', 0, async () => 'x')).rejects.toBeInstanceOf(UploadsBusyException);
    for (const upload of again) upload.end();
    await Promise.all(runs);
  });

  describe('an upload’s time', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    /** When `run` aborts an upload of `bytes` that ends only when aborted, in ms of fake time. */
    async function abortedAfter(bytes: number): Promise<number> {
      const started = Date.now();
      const running = slots().run(
        'a',
        bytes,
        (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error))),
      );
      const settled = expect(running).rejects.toBeInstanceOf(UploadTooSlowException);
      await jest.runAllTimersAsync();
      await settled;
      return Date.now() - started;
    }

    it('aborts an upload with a 408 past its size at the slowest rate, or past the least time for a small one', async () => {
      expect(await abortedAfter(180_000)).toBe(180_000);
      expect(await abortedAfter(1_000)).toBe(60_000);
    });
  });
});
