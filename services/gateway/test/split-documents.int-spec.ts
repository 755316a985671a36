import { FILE_TOO_LARGE, type VaultUploadReply } from '@portal/contracts';
import {
  createTestDatabase,
  freePort,
  issueTestToken,
  RunningProcess,
  startProcess,
  TEST_JWT_SECRET,
  TestDatabase,
  tempDataDir,
} from '@portal/testing';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';

const MB = 1024 * 1024;
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

function multipart(filename: string, data: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----split-${randomBytes(6).toString('hex')}`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** `size` bytes streamed without a length, as one multipart file; resolves with the answer. */
function streamUpload(url: string, token: string, size: number): Promise<{ status: number; body: string }> {
  const boundary = `----split-stream-${randomBytes(6).toString('hex')}`;
  const block = randomBytes(MB);
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    let answered = false;
    const request = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      },
      (response) => {
        answered = true;
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', (error) => (answered ? undefined : reject(error)));
    const write = (chunk: Buffer) =>
      new Promise<void>((done) => (request.write(chunk) ? done() : request.once('drain', done)));
    void (async () => {
      await write(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
      );
      for (let left = size; left > 0 && !answered; left -= block.length)
        await write(block.subarray(0, Math.min(left, block.length)));
      if (!answered) await write(Buffer.from(`\r\n--${boundary}--\r\n`));
      request.end();
    })().catch(reject);
  });
}

/**
 * Split topology for files: the documents service runs as a process of its own and the gateway,
 * in proxy mode, streams uploads to it and downloads back, with Range, Content-Length and
 * Content-Disposition passed through unchanged.
 */
describe('documents through the gateway in proxy mode', () => {
  let db: TestDatabase;
  let documents: RunningProcess;
  let gateway: RunningProcess;
  const data = tempDataDir();
  const token = issueTestToken(TEST_JWT_SECRET, { sub: randomUUID(), email: 'split-client@example.com' });

  beforeAll(async () => {
    db = await createTestDatabase([]);
    const common = {
      DATABASE_URL: db.url,
      REDIS_URL: process.env.REDIS_URL,
      REDIS_PREFIX: `split-docs-${Date.now().toString(36)}`,
      DATA_DIR: data.dir,
      LOG_LEVEL: 'warn',
    };
    documents = await startProcess('documents', { ...common, LOG_LEVEL: 'info' });
    const nobody = `http://127.0.0.1:${await freePort()}`;
    gateway = await startProcess('gateway', {
      ...common,
      GATEWAY_MODE: 'proxy',
      DOCUMENTS_URL: documents.baseUrl,
      IDENTITY_URL: nobody,
      CATALOG_URL: nobody,
      BILLING_URL: nobody,
      ONBOARDING_URL: nobody,
      NOTIFICATIONS_URL: nobody,
    });
  });

  afterAll(async () => {
    await gateway?.stop();
    await documents?.stop();
    await db?.drop();
    data.remove();
  });

  it('streams an upload to the documents process and a ranged download back, headers unchanged', async () => {
    const file = randomBytes(12 * MB + 5);
    const { body, contentType } = multipart('Bank statement – März.pdf', file);
    const uploaded = await fetch(`${gateway.baseUrl}/api/vault/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'x-request-id': 'split-upload-1' },
      body,
    });
    expect(uploaded.status).toBe(201);
    const { file: stored } = (await uploaded.json()) as VaultUploadReply;
    expect(stored).toMatchObject({ size: file.length, sha256: sha256(file), file_path: 'Bank statement – März.pdf' });

    const url = `${gateway.baseUrl}/api/vault/files/${stored.id}`;
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' };
    const direct = await fetch(`${documents.baseUrl}/api/vault/files/${stored.id}`, {
      headers: { ...headers, range: 'bytes=1048576-2097151' },
    });
    const ranged = await fetch(url, { headers: { ...headers, range: 'bytes=1048576-2097151' } });
    expect(ranged.status).toBe(206);
    for (const name of [
      'content-range',
      'content-length',
      'content-disposition',
      'content-type',
      'etag',
      'accept-ranges',
      'x-content-type-options',
      'content-security-policy',
    ]) {
      expect([name, ranged.headers.get(name)]).toEqual([name, direct.headers.get(name)]);
    }
    expect(ranged.headers.get('content-range')).toBe(`bytes 1048576-2097151/${file.length}`);
    expect(ranged.headers.get('content-length')).toBe(String(MB));
    expect(ranged.headers.get('content-encoding')).toBeNull();
    expect(ranged.headers.get('content-disposition')).toBe(
      `attachment; filename="Bank statement ? M?rz.pdf"; filename*=UTF-8''Bank%20statement%20%E2%80%93%20M%C3%A4rz.pdf`,
    );
    const part = Buffer.from(await ranged.arrayBuffer());
    expect(part.equals(file.subarray(MB, 2 * MB))).toBe(true);
    await direct.arrayBuffer();

    const whole = await fetch(url, { headers });
    expect(whole.headers.get('content-length')).toBe(String(file.length));
    expect(whole.headers.get('content-encoding')).toBeNull();
    expect(sha256(Buffer.from(await whole.arrayBuffer()))).toBe(sha256(file));

    // The documents process itself handled the upload.
    await documents.waitForLog((line) => line.reqId === 'split-upload-1' && line.status === 201);
  });

  it('answers an over-limit upload streamed through the proxy with the 413 of the documents service', async () => {
    const reply = await streamUpload(`${gateway.baseUrl}/api/vault/files`, token, 201 * MB);
    expect(reply.status).toBe(413);
    expect(JSON.parse(reply.body)).toEqual({ detail: FILE_TOO_LARGE });
  });
});
