import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { loadConfig } from '@portal/config';
import {
  FileNotFoundError,
  FileStorage,
  FileTooLargeError,
  LocalFileStorage,
  RangeNotSatisfiableError,
  S3FileStorage,
  s3ClientFor,
  removeUnreferencedObjects,
  StorageKeyError,
} from '@portal/storage';
import { RunningMoto, startMotoServer, tempDataDir } from '@portal/testing';

const KB = 1024;
const MB = 1024 * KB;

/** One adapter under the shared contract, with a view of what it may have left behind. */
interface Subject {
  storage: FileStorage;
  /** Whether anything of this key exists in the backend (data or metadata). */
  exists(key: string): Promise<boolean>;
  /** Unfinished writes: temporary files (local) or multipart uploads (S3). */
  leftovers(): Promise<string[]>;
  /** Leaves an unfinished write of `key` behind, as a process that died mid-upload would. */
  abandon(key: string): Promise<void>;
  stop(): Promise<void>;
}

interface SubjectFactory {
  name: 'local' | 's3';
  start(): Promise<Subject>;
}

async function walk(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await walk(path)));
    else found.push(path);
  }
  return found;
}

let localRoot: string;
let localParent: string;

const local: SubjectFactory = {
  name: 'local',
  async start() {
    const data = tempDataDir();
    localParent = data.dir;
    localRoot = join(data.dir, 'files');
    return {
      storage: new LocalFileStorage(localRoot),
      exists: async (key) => existsSync(join(localRoot, key)) || existsSync(join(localRoot, '.~meta', key)),
      leftovers: async () => (await walk(localRoot)).filter((path) => path.includes('.~tmp.')),
      abandon: async (key) => {
        // The data's temporary file and the sidecar's, as put() makes them.
        for (const dir of [dirname(join(localRoot, key)), dirname(join(localRoot, '.~meta', key))]) {
          await mkdir(dir, { recursive: true });
          await writeFile(join(dir, `.~tmp.${randomBytes(8).toString('hex')}`), 'part of a document');
        }
      },
      stop: async () => data.remove(),
    };
  },
};

const BUCKET = 'portal-files-test';
let moto: RunningMoto | undefined;
let s3: S3Client;
/** Names of the S3 commands sent by the adapter under test, in order. */
const s3Commands: string[] = [];

const s3Subject: SubjectFactory = {
  name: 's3',
  async start() {
    moto = await startMotoServer();
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      AWS_REGION: 'us-east-1',
      AWS_ENDPOINT_URL: moto.endpoint,
    });
    s3 = s3ClientFor(config);
    await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
    const client = s3ClientFor(config);
    client.middlewareStack.add(
      (next, context) => async (args) => {
        s3Commands.push(context.commandName as string);
        return next(args);
      },
      { step: 'initialize', name: 'commandLog' },
    );
    return {
      storage: new S3FileStorage({ client, bucket: BUCKET }),
      exists: async (key) => {
        const page = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: key }));
        return (page.Contents ?? []).some((object) => object.Key === key);
      },
      leftovers: async () => {
        const page = await s3.send(new ListMultipartUploadsCommand({ Bucket: BUCKET }));
        return (page.Uploads ?? []).map((upload) => `${upload.Key} (${upload.UploadId})`);
      },
      abandon: async (key) => {
        const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: key }));
        await s3.send(
          new UploadPartCommand({ Bucket: BUCKET, Key: key, UploadId, PartNumber: 1, Body: 'part of a document' }),
        );
      },
      stop: async () => {
        client.destroy();
        s3.destroy();
        await moto?.stop();
      },
    };
  },
};

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

/** Deterministic bytes that do not repeat (AES-CTR keystream), so a misplaced part changes the hash. */
function pseudoRandomChunk(index: number, size = 64 * KB): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeUInt32BE(index, 0);
  return createCipheriv('aes-128-ctr', Buffer.alloc(16, 7), iv).update(Buffer.alloc(size));
}

/** A source of `total` bytes in 64 KB chunks that records how far it was read. */
function meteredSource(total: number, options: { failAfter?: number } = {}) {
  const state = { yielded: 0, finished: false };
  async function* generate() {
    try {
      for (let index = 0; state.yielded < total; index++) {
        if (options.failAfter !== undefined && state.yielded >= options.failAfter) {
          throw new Error('The client went away');
        }
        const chunk = pseudoRandomChunk(index, Math.min(64 * KB, total - state.yielded));
        state.yielded += chunk.length;
        yield chunk;
      }
    } finally {
      state.finished = true;
    }
  }
  return { stream: Readable.from(generate()), state };
}

function text(value: string): Readable {
  return Readable.from([Buffer.from(value)]);
}

function sha256(value: Buffer | string): string {
  return createHash('sha256').update(value).digest('hex');
}

describe.each([local, s3Subject])('FileStorage contract: $name', (factory) => {
  let subject: Subject;
  let storage: FileStorage;

  beforeAll(async () => {
    subject = await factory.start();
    storage = subject.storage;
  });

  afterAll(async () => {
    await storage?.close();
    await subject?.stop();
  });

  it('stores a text file and reads it back with its metadata', async () => {
    const before = Date.now();
    const stored = await storage.put('docs/hello.txt', Readable.from(['Hello, ', 'world ✓']), {
      maxBytes: 1 * MB,
      contentType: 'text/plain; charset=utf-8',
    });
    const bytes = Buffer.from('Hello, world ✓');
    expect(stored).toEqual({
      key: 'docs/hello.txt',
      size: bytes.length,
      sha256: sha256(bytes),
      contentType: 'text/plain; charset=utf-8',
    });

    const file = await storage.get('docs/hello.txt');
    expect((await readAll(file.stream)).toString()).toBe('Hello, world ✓');
    expect(file).toMatchObject({
      key: 'docs/hello.txt',
      size: bytes.length,
      contentLength: bytes.length,
      contentType: 'text/plain; charset=utf-8',
      sha256: sha256(bytes),
    });
    expect(file.range).toBeUndefined();
    // Second precision on S3.
    expect(file.lastModified.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);

    const head = await storage.head('docs/hello.txt');
    expect(head).toEqual({
      key: 'docs/hello.txt',
      size: bytes.length,
      contentType: 'text/plain; charset=utf-8',
      sha256: sha256(bytes),
      lastModified: file.lastModified,
    });
  });

  it('stores an empty file, and defaults the content type', async () => {
    const stored = await storage.put('docs/empty', Readable.from([]), { maxBytes: 10, contentType: 'not a type\r\n' });
    expect(stored).toEqual({ key: 'docs/empty', size: 0, sha256: sha256(''), contentType: 'application/octet-stream' });
    const file = await storage.get('docs/empty');
    expect(await readAll(file.stream)).toHaveLength(0);
    expect(file).toMatchObject({ size: 0, contentLength: 0, contentType: 'application/octet-stream' });
  });

  it('round-trips a multi-megabyte binary stream (several parts on S3)', async () => {
    const source = meteredSource(12 * MB);
    const expected = await sha256Of(meteredSource(12 * MB).stream);
    const stored = await storage.put('big/scan.pdf', source.stream, {
      maxBytes: 200 * MB,
      contentType: 'application/pdf',
    });
    expect(stored).toEqual({
      key: 'big/scan.pdf',
      size: 12 * MB,
      sha256: expected.sha256,
      contentType: 'application/pdf',
    });

    const file = await storage.get('big/scan.pdf');
    expect(file).toMatchObject({ size: 12 * MB, contentLength: 12 * MB, contentType: 'application/pdf' });
    expect(file.sha256).toBe(expected.sha256);
    expect(await sha256Of(file.stream)).toEqual(expected);
  });

  describe('range reads', () => {
    const bytes = Buffer.from(Array.from({ length: 100 }, (_, index) => index));

    beforeAll(async () => {
      await storage.put('ranges/hundred.bin', Readable.from([bytes]), { maxBytes: 1000 });
      await storage.put('ranges/empty.bin', Readable.from([]), { maxBytes: 1000 });
    });

    it.each([
      ['from a start to the end', { start: 90 }, 90, 99],
      ['from a start to an end', { start: 10, end: 19 }, 10, 19],
      ['one byte', { start: 0, end: 0 }, 0, 0],
      ['an end past the file, clipped', { start: 95, end: 1000 }, 95, 99],
      ['the last bytes', { suffix: 5 }, 95, 99],
      ['more last bytes than the file has', { suffix: 500 }, 0, 99],
    ])('%s', async (_name, range, start, end) => {
      const file = await storage.get('ranges/hundred.bin', { range });
      expect(await readAll(file.stream)).toEqual(bytes.subarray(start, end + 1));
      expect(file).toMatchObject({ size: 100, contentLength: end - start + 1, range: { start, end } });
    });

    it.each([
      ['a start at the end', 'ranges/hundred.bin', { start: 100 }, 100],
      ['a start past the end', 'ranges/hundred.bin', { start: 5000, end: 6000 }, 100],
      ['an end before the start', 'ranges/hundred.bin', { start: 10, end: 5 }, 100],
      ['no last bytes', 'ranges/hundred.bin', { suffix: 0 }, 100],
      ['any range of an empty file', 'ranges/empty.bin', { start: 0 }, 0],
    ])('refuses %s as unsatisfiable', async (_name, key, range, size) => {
      const reading = storage.get(key, { range });
      await expect(reading).rejects.toThrow(RangeNotSatisfiableError);
      await expect(reading).rejects.toMatchObject({ size });
    });

    it('says a missing file is missing, range or not', async () => {
      await expect(storage.get('ranges/missing.bin', { range: { start: 1 } })).rejects.toThrow(FileNotFoundError);
    });
  });

  describe('listing', () => {
    const keys = [
      'lib/a.pdf',
      'lib/b.pdf',
      'lib/2024/c.pdf',
      'lib/2024/q1/d.pdf',
      'lib/2025/e.pdf',
      'libx/f.pdf',
      'lib-other/g.pdf',
    ];

    beforeAll(async () => {
      for (const [index, key] of keys.entries()) {
        await storage.put(key, text('x'.repeat(index + 1)), { maxBytes: 100 });
      }
    });

    it('lists every file under a folder, recursively, in key order', async () => {
      const listing = await storage.list('lib', { recursive: true });
      expect(listing.folders).toEqual([]);
      expect(listing.files.map(({ key, size }) => ({ key, size }))).toEqual([
        { key: 'lib/2024/c.pdf', size: 3 },
        { key: 'lib/2024/q1/d.pdf', size: 4 },
        { key: 'lib/2025/e.pdf', size: 5 },
        { key: 'lib/a.pdf', size: 1 },
        { key: 'lib/b.pdf', size: 2 },
      ]);
      expect(listing.files.every((file) => Number.isFinite(file.lastModified.getTime()))).toBe(true);
      // Recursive is the default, and a trailing slash changes nothing.
      expect(await storage.list('lib/')).toEqual(listing);
    });

    it('lists one level: files and the immediate sub-folders', async () => {
      const listing = await storage.list('lib', { recursive: false });
      expect(listing.files.map((file) => file.key)).toEqual(['lib/a.pdf', 'lib/b.pdf']);
      expect(listing.folders).toEqual(['lib/2024', 'lib/2025']);

      const year = await storage.list('lib/2024', { recursive: false });
      expect(year.files.map((file) => file.key)).toEqual(['lib/2024/c.pdf']);
      expect(year.folders).toEqual(['lib/2024/q1']);
    });

    it('lists the top level, and nothing for a missing folder', async () => {
      const top = await storage.list('', { recursive: false });
      expect(top.folders).toEqual(expect.arrayContaining(['lib', 'lib-other', 'libx']));
      expect(top.folders.every((folder) => !folder.startsWith('.'))).toBe(true);
      expect(await storage.list('nothing/here', { recursive: false })).toEqual({ files: [], folders: [] });
      expect(await storage.list('lib/a.pdf')).toEqual({ files: [], folders: [] });
    });

    it('forgets a folder once its last file is deleted', async () => {
      await storage.delete('lib/2025/e.pdf');
      expect((await storage.list('lib', { recursive: false })).folders).toEqual(['lib/2024']);
    });
  });

  it('lists a folder a page at a time, every file once', async () => {
    const keys = ['pages/a.txt', 'pages/b.txt', 'pages/2024/c.txt', 'pages/2024/q1/d.txt', 'pages/e.txt'];
    for (const key of keys) await storage.put(key, text('x'), { maxBytes: 10 });
    const pages: string[][] = [];
    for await (const page of storage.listPages('pages', { pageSize: 2 })) pages.push(page.map((file) => file.key));
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat().sort()).toEqual([...keys].sort());
    expect((await storage.listPages('nothing/here').next()).done).toBe(true);
  });

  it('sweeps the objects no row points to a listing page at a time, across pages, keeping the referenced ones', async () => {
    const keys = Array.from({ length: 7 }, (_, index) => `sweep/${index}.txt`);
    for (const key of keys) await storage.put(key, text('x'), { maxBytes: 10 });
    const checked: string[][] = [];
    const removed = await removeUnreferencedObjects(storage, {
      prefixes: ['sweep'],
      // Every object here is older than this.
      before: new Date(Date.now() + 60_000),
      pageSize: 3,
      referenced: async (batch) => {
        checked.push(batch);
        return new Set(batch.filter((key) => key === 'sweep/0.txt' || key === 'sweep/5.txt'));
      },
    });
    // Pages of 3: each checked against the rows on its own, its unreferenced objects removed before the next.
    expect(checked.map((batch) => batch.length)).toEqual([3, 3, 1]);
    expect(checked.flat().sort()).toEqual(keys);
    expect(removed).toBe(5);
    expect((await storage.list('sweep')).files.map((file) => file.key)).toEqual(['sweep/0.txt', 'sweep/5.txt']);
  });

  it('deletes a file, and deleting again is no error', async () => {
    await storage.put('trash/old.txt', text('old'), { maxBytes: 100 });
    await storage.delete('trash/old.txt');
    await expect(storage.head('trash/old.txt')).rejects.toThrow(FileNotFoundError);
    await expect(storage.get('trash/old.txt')).rejects.toThrow(new FileNotFoundError('trash/old.txt'));
    expect(await subject.exists('trash/old.txt')).toBe(false);
    await expect(storage.delete('trash/old.txt')).resolves.toBeUndefined();
    await expect(storage.delete('never/was.txt')).resolves.toBeUndefined();
    expect(await storage.list('trash')).toEqual({ files: [], folders: [] });
  });

  it('stores a file in a folder that the delete of its last file empties at the same time', async () => {
    // A delete removes the folders it leaves empty (local disk); a put making them again must not lose that race.
    for (let round = 0; round < 40; round++) {
      const folder = `race/${round}/a/b/c`;
      await storage.put(`${folder}/old.txt`, text('old'), { maxBytes: 100 });
      await Promise.all([
        storage.delete(`${folder}/old.txt`),
        storage.put(`${folder}/new.txt`, text('new'), { maxBytes: 100 }),
      ]);
      expect((await storage.list(folder)).files.map((file) => file.key)).toEqual([`${folder}/new.txt`]);
    }
    expect(await subject.leftovers()).toEqual([]);
  });

  it('stops a stream at the limit and leaves nothing', async () => {
    const source = meteredSource(3 * MB);
    const writing = storage.put('limit/too-big.bin', source.stream, { maxBytes: 1 * MB });
    await expect(writing).rejects.toThrow(FileTooLargeError);
    await expect(writing).rejects.toMatchObject({
      limit: 1 * MB,
      message: 'The file is larger than the limit of 1 MB.',
    });
    // The source was stopped, not drained.
    expect(source.state.finished).toBe(true);
    expect(source.state.yielded).toBeLessThan(3 * MB);
    expect(await subject.exists('limit/too-big.bin')).toBe(false);
    expect(await subject.leftovers()).toEqual([]);
    expect(await storage.list('limit')).toEqual({ files: [], folders: [] });
  });

  it('stops at a limit past the first part and leaves nothing (an aborted multipart upload on S3)', async () => {
    const commandsBefore = s3Commands.length;
    const source = meteredSource(12 * MB);
    const writing = storage.put('limit/parts.bin', source.stream, { maxBytes: 6 * MB });
    await expect(writing).rejects.toThrow(new FileTooLargeError(6 * MB));
    expect(source.state.yielded).toBeLessThan(12 * MB);
    expect(await subject.exists('limit/parts.bin')).toBe(false);
    expect(await subject.leftovers()).toEqual([]);
    if (factory.name === 's3') {
      const sent = s3Commands.slice(commandsBefore);
      expect(sent).toContain('CreateMultipartUploadCommand');
      expect(sent).toContain('AbortMultipartUploadCommand');
      expect(sent).not.toContain('CompleteMultipartUploadCommand');
    }
  });

  it('leaves nothing when the source fails midway, and keeps the file it was replacing', async () => {
    await storage.put('broken/report.pdf', text('the old report'), { maxBytes: 100 * MB });
    const source = meteredSource(12 * MB, { failAfter: 7 * MB });
    const writing = storage.put('broken/report.pdf', source.stream, { maxBytes: 100 * MB });
    await expect(writing).rejects.toThrow('The client went away');
    expect(await subject.leftovers()).toEqual([]);
    const file = await storage.get('broken/report.pdf');
    expect((await readAll(file.stream)).toString()).toBe('the old report');
    expect(file.sha256).toBe(sha256('the old report'));

    const fresh = meteredSource(1 * MB, { failAfter: 512 * KB });
    await expect(storage.put('broken/new.pdf', fresh.stream, { maxBytes: 100 * MB })).rejects.toThrow(
      'The client went away',
    );
    expect(await subject.exists('broken/new.pdf')).toBe(false);
    expect(await subject.leftovers()).toEqual([]);
  });

  it.each([
    ['a parent segment', '../escape.txt'],
    ['a parent segment inside', 'vault/../../etc/passwd'],
    ['a current segment', 'vault/./x'],
    ['an absolute path', '/etc/passwd'],
    ['a backslash', 'vault\\..\\x'],
    ['a NUL', 'vault/a\u0000b'],
    ['a DEL', 'vault/a\u007fb'],
    ['an empty segment', 'vault//x'],
    ['a trailing slash', 'vault/x/'],
    ['a reserved name', 'vault/.~meta/x'],
    ['an over-long name', `vault/${'é'.repeat(128)}`],
    ['an over-long key', `${'a/'.repeat(512)}b`],
    ['an empty key', ''],
  ])('refuses a key with %s, writing nothing', async (_name, key) => {
    const source = meteredSource(1 * KB);
    await expect(storage.put(key, source.stream, { maxBytes: 1 * MB })).rejects.toThrow(StorageKeyError);
    expect(source.state.yielded).toBe(0);
    await expect(storage.get(key)).rejects.toThrow(StorageKeyError);
    await expect(storage.head(key)).rejects.toThrow(StorageKeyError);
    await expect(storage.delete(key)).rejects.toThrow(StorageKeyError);
    if (factory.name === 'local') {
      // Nothing appeared beside the root (the root is the only entry of its parent).
      expect(await readdir(localParent)).toEqual(['files']);
    }
  });

  it('removes the writes a crashed process left under a folder, begun before the cut-off, and only those', async () => {
    expect(await subject.leftovers()).toEqual([]);
    await subject.abandon('abandoned/client-1/w2.pdf');
    await subject.abandon('elsewhere/w2.pdf');
    await storage.put('abandoned/client-1/kept.pdf', text('kept'), { contentType: 'application/pdf', maxBytes: KB });
    const leftBehind = (await subject.leftovers()).length;
    expect(leftBehind).toBeGreaterThan(0);

    // Begun after the cut-off: possibly an upload under way, left alone. (moto answers one fixed
    // Initiated time, in 2010, for every multipart upload: on S3 the unit test shows the cut-off.)
    if (factory.name === 'local') {
      expect(await storage.removeAbandonedWrites('abandoned', new Date(Date.now() - 60_000))).toBe(0);
    }
    const removed = await storage.removeAbandonedWrites('abandoned', new Date(Date.now() + 60_000));
    expect(removed).toBeGreaterThan(0);
    const left = await subject.leftovers();
    expect(left).toHaveLength(leftBehind - removed);
    expect(left.every((leftover) => leftover.includes('elsewhere'))).toBe(true);
    expect(await readAll((await storage.get('abandoned/client-1/kept.pdf')).stream)).toEqual(Buffer.from('kept'));

    expect(await storage.removeAbandonedWrites('', new Date(Date.now() + 60_000))).toBeGreaterThan(0);
    expect(await subject.leftovers()).toEqual([]);
    await storage.delete('abandoned/client-1/kept.pdf');
  });

  it('refuses a listing prefix that is not a folder key', async () => {
    await expect(storage.list('../')).rejects.toThrow(StorageKeyError);
    await expect(storage.list('/abs')).rejects.toThrow(StorageKeyError);
  });

  it('never shows a reader a mix of the old and the new file during an overwrite', async () => {
    const size = 4 * MB;
    const oldBytes = Buffer.alloc(size, 'a');
    await storage.put('swap/file.bin', Readable.from([oldBytes]), { maxBytes: size });

    let reachedHalfway!: () => void;
    const halfway = new Promise<void>((resolve) => (reachedHalfway = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    async function* newContent() {
      for (let sent = 0; sent < size; sent += 256 * KB) {
        if (sent === size / 2) {
          reachedHalfway();
          await released;
        }
        yield Buffer.alloc(256 * KB, 'b');
      }
    }

    const expectWhole = async () => {
      const file = await storage.get('swap/file.bin');
      const bytes = await readAll(file.stream);
      expect(bytes.length).toBe(size);
      expect(file.size).toBe(size);
      const first = bytes[0];
      expect([0x61, 0x62]).toContain(first);
      expect(bytes.every((byte) => byte === first)).toBe(true);
      if (file.sha256) expect(file.sha256).toBe(sha256(bytes));
      return String.fromCharCode(first);
    };

    const writing = storage.put('swap/file.bin', Readable.from(newContent()), { maxBytes: size });
    let done = false;
    void writing.then(
      () => (done = true),
      () => (done = true),
    );
    await halfway;
    expect(await expectWhole()).toBe('a');
    if (factory.name === 'local') {
      // Half of the new file is on disk, in a temporary file that no listing shows.
      expect(await subject.leftovers()).toHaveLength(1);
    }
    expect((await storage.list('swap')).files.map((file) => file.key)).toEqual(['swap/file.bin']);
    release();
    // Read again and again while the write completes: each read is wholly old or wholly new.
    while (!done) await expectWhole();
    await writing;
    expect(await expectWhole()).toBe('b');
  });
});

describe('S3 adapter specifics', () => {
  let moto: RunningMoto;
  let client: S3Client;
  const commands: string[] = [];

  beforeAll(async () => {
    moto = await startMotoServer();
    client = s3ClientFor({ AWS_REGION: 'us-east-1', AWS_ENDPOINT_URL: moto.endpoint });
    await client.send(new CreateBucketCommand({ Bucket: 'multipart' }));
    client.middlewareStack.add(
      (next, context) => async (args) => {
        commands.push(context.commandName as string);
        return next(args);
      },
      { step: 'initialize', name: 'commandLog' },
    );
  });

  afterAll(async () => {
    client?.destroy();
    await moto?.stop();
  });

  it('uploads 20+ MB in several parts, and records the digest of the whole file', async () => {
    const storage = new S3FileStorage({ client, bucket: 'multipart' });
    const total = 21 * MB;
    const expected = await sha256Of(meteredSource(total).stream);
    const stored = await storage.put('vault/1/large.pdf', meteredSource(total).stream, {
      maxBytes: 200 * MB,
      contentType: 'application/pdf',
    });
    expect(stored).toEqual({
      key: 'vault/1/large.pdf',
      size: total,
      sha256: expected.sha256,
      contentType: 'application/pdf',
    });
    // 5 MB parts: 21 MB is five.
    expect(commands.filter((name) => name === 'CreateMultipartUploadCommand')).toHaveLength(1);
    expect(commands.filter((name) => name === 'UploadPartCommand')).toHaveLength(5);
    expect(commands.filter((name) => name === 'CompleteMultipartUploadCommand')).toHaveLength(1);
    expect(commands).not.toContain('PutObjectCommand');

    const head = await storage.head('vault/1/large.pdf');
    expect(head).toMatchObject({ size: total, sha256: expected.sha256, contentType: 'application/pdf' });
    const file = await storage.get('vault/1/large.pdf', { range: { start: 5 * MB - 10, end: 5 * MB + 9 } });
    expect(file).toMatchObject({ size: total, contentLength: 20, range: { start: 5 * MB - 10, end: 5 * MB + 9 } });
    expect(await readAll(file.stream)).toHaveLength(20);
  });
});
