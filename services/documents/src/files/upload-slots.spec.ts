import type { AppConfig } from '@portal/config';
import { TooManyUploadsException, UploadSlots, UploadsBusyException } from './upload-slots';

describe('UploadSlots', () => {
  const slots = () => new UploadSlots({ DOCUMENTS_MAX_UPLOADS_IN_FLIGHT: 4 } as AppConfig);

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
    const running = a.map((upload) => subject.run('a', upload.run));
    await expect(subject.run('a', async () => 'x')).rejects.toBeInstanceOf(TooManyUploadsException);
    const b = pending();
    const bRunning = subject.run('b', b.run);
    const busy = subject.run('c', async () => 'x');
    await expect(busy).rejects.toBeInstanceOf(UploadsBusyException);
    await expect(busy).rejects.toMatchObject({ retryAfterSeconds: 60, status: 503 });

    // An upload that fails (refused, the client gone) frees its place, in the account and in all.
    a[0].fail(new Error('the client went away'));
    await expect(running[0]).rejects.toThrow('the client went away');
    await expect(subject.run('c', async () => 'taken')).resolves.toBe('taken');
    await expect(subject.run('a', async () => 'taken')).resolves.toBe('taken');

    for (const upload of [a[1], a[2], b]) upload.end();
    await expect(Promise.all([running[1], running[2], bRunning])).resolves.toEqual(['stored', 'stored', 'stored']);
    // All freed: 4 at once again.
    const again = [pending(), pending(), pending(), pending()];
    const accounts = ['a', 'a', 'a', 'b'];
    const runs = again.map((upload, index) => subject.run(accounts[index], upload.run));
    await expect(subject.run('d', async () => 'x')).rejects.toBeInstanceOf(UploadsBusyException);
    for (const upload of again) upload.end();
    await Promise.all(runs);
  });
});
