import type { FileDownload, FileStorage } from '@portal/storage';
import Fastify, { type FastifyInstance } from 'fastify';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { sendDownload } from './downloads';

const CHUNK = 64 * 1024;
const SIZE = 32 * 1024 * 1024;

/** A stored file of SIZE bytes whose stream counts what is read from it (what storage would send). */
function countingStorage() {
  const opened: Array<{ stream: Readable; read: () => number }> = [];
  const storage = {
    get: async (key: string): Promise<FileDownload> => {
      let produced = 0;
      const stream = new Readable({
        read() {
          if (produced >= SIZE) return void this.push(null);
          produced += CHUNK;
          this.push(Buffer.alloc(CHUNK));
        },
      });
      opened.push({ stream, read: () => produced });
      return {
        key,
        size: SIZE,
        contentType: 'application/pdf',
        lastModified: new Date(0),
        stream,
        contentLength: SIZE,
      };
    },
  } as unknown as FileStorage;
  return { storage, opened };
}

describe('sendDownload', () => {
  let app: FastifyInstance;
  let files: ReturnType<typeof countingStorage>;

  beforeEach(async () => {
    files = countingStorage();
    app = Fastify();
    app.get('/file', async (request, reply) => {
      await sendDownload(files.storage, request, reply, {
        key: 'library/forms/x',
        fileName: 'x.pdf',
        contentType: 'application/pdf',
        sha256: 'a'.repeat(64),
        lastModified: new Date(0),
      });
      return reply;
    });
    await app.ready();
  });

  afterEach(() => app.close());

  it('streams the whole file to a GET', async () => {
    const reply = await app.inject({ method: 'GET', url: '/file' });
    expect(reply.statusCode).toBe(200);
    expect(reply.rawPayload.length).toBe(SIZE);
  });

  it('answers a HEAD with the headers alone, without reading the file from storage', async () => {
    const reply = await app.inject({ method: 'HEAD', url: '/file' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-length']).toBe(String(SIZE));
    expect(reply.headers['content-disposition']).toBe('attachment; filename=x.pdf');
    expect(reply.rawPayload.length).toBe(0);
    const [{ stream, read }] = files.opened;
    if (!stream.closed) await once(stream, 'close');
    // Fastify drains a HEAD's stream to its end: a whole object from storage (200 MB from S3) per request.
    expect(read()).toBeLessThan(SIZE / 4);
  });
});
