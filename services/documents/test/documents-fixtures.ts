import { CreateBucketCommand, ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { listMailFiles, mailDropDir, parseMail } from '@portal/events';
import {
  login,
  registerVerified,
  RunningMoto,
  startMotoServer,
  startTestApp,
  TestApp,
  uniqueEmail,
} from '@portal/testing';
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';
import { join } from 'node:path';

export const ADMIN_PASSWORD = 'Adm1n!pass';
export const APP_URL = 'http://portal.test';
const BUCKET = 'portal-documents-test';
const MB = 1024 * 1024;

/** The head of a Windows program: "MZ", the PE header's offset at 0x3c (0x40), and "PE\0\0" there. */
export const WINDOWS_PROGRAM_HEAD = Buffer.concat([
  Buffer.from('MZ', 'latin1'),
  Buffer.alloc(0x3a),
  Buffer.from([0x40, 0, 0, 0]),
  Buffer.from('PE\0\0', 'latin1'),
]);

export type Driver = 'local' | 's3';

export interface Part {
  name: string;
  /** A text field. */
  value?: string;
  /** A file: its name exactly as sent (no escaping, so odd names reach the server as they are). */
  filename?: string;
  contentType?: string;
  data?: Buffer;
}

/** A multipart/form-data body built by hand, so every byte of every part header is the test's. */
export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = `----portal-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const type =
      part.filename === undefined ? '' : `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`, 'utf8'));
    chunks.push(part.data ?? Buffer.from(part.value ?? '', 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The head of a PDF file's part, up to its first bytes. */
const filePartHead = (boundary: string, filename: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7 `;

export interface UploadAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** Reads an answer of ours: its status and its JSON body (`{}` when it has none). */
function readAnswer(response: IncomingMessage, onAnswer: (answer: UploadAnswer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () =>
    onAnswer({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString() || '{}') }),
  );
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export interface RawReply {
  status: number;
  headers: Headers;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
}

async function toRawReply(response: Response): Promise<RawReply> {
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    headers: response.headers,
    body,
    json: <T>() => JSON.parse(body.toString('utf8')) as T,
  };
}

/**
 * The built app (all-in-one gateway with its workers) on a database and data folder of its own,
 * storing files on local disk or in an S3 bucket of a moto_server; an admin (ADMIN_EMAIL), two
 * verified clients, and a view of what the storage holds.
 */
export class DocumentsApp {
  app: TestApp;
  readonly adminEmail = uniqueEmail('admin');
  readonly staffEmail = uniqueEmail('staff');
  adminToken: string;
  adminId: string;
  clientA: { email: string; userId: string; token: string };
  clientB: { email: string; userId: string; token: string };
  private moto?: RunningMoto;
  private s3?: S3Client;

  /** `env`: settings of the app beyond the fixture's own (a small quota, fewer uploads at once). */
  constructor(
    readonly driver: Driver,
    private readonly env: Record<string, string> = {},
  ) {}

  get baseUrl(): string {
    return this.app.gateway.baseUrl;
  }

  get dataDir(): string {
    return this.app.dataDir;
  }

  get call() {
    return this.app.call;
  }

  /** Every outbox row relayed and every queue idle: a mail not written by then will not be. */
  settled(): Promise<void> {
    return this.app.settled();
  }

  async start(): Promise<void> {
    const storageEnv: Record<string, string> = {};
    if (this.driver === 's3') {
      this.moto = await startMotoServer();
      this.s3 = new S3Client({ region: 'us-east-1', endpoint: this.moto.endpoint, forcePathStyle: true });
      await this.s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
      Object.assign(storageEnv, {
        STORAGE_DRIVER: 's3',
        S3_BUCKET: BUCKET,
        AWS_REGION: 'us-east-1',
        AWS_ENDPOINT_URL: this.moto.endpoint,
        AWS_ACCESS_KEY_ID: 'test',
        AWS_SECRET_ACCESS_KEY: 'test',
      });
    }
    this.app = await startTestApp({
      APP_URL,
      ADMIN_EMAIL: this.adminEmail,
      ADMIN_PASSWORD,
      STAFF_EMAIL: this.staffEmail,
      ...storageEnv,
      ...this.env,
    });
    const admin = await login(this.call, this.adminEmail, ADMIN_PASSWORD);
    if (admin.status !== 200) throw new Error(`admin login answered ${admin.status}`);
    this.adminToken = admin.body.access_token;
    this.adminId = admin.body.user_id;
    this.clientA = await this.newClient('client-a');
    this.clientB = await this.newClient('client-b');
  }

  async stop(): Promise<void> {
    await this.app?.stop();
    this.s3?.destroy();
    await this.moto?.stop();
  }

  async newClient(label: string): Promise<{ email: string; userId: string; token: string }> {
    const email = uniqueEmail(label);
    const { userId, accessToken } = await registerVerified(this.call, this.dataDir, email);
    return { email, userId, token: accessToken };
  }

  sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
    return this.app.sql<T>(text, values);
  }

  /** Subjects of every mail written to `to`, oldest first. */
  async mailSubjects(to: string): Promise<string[]> {
    const subjects: string[] = [];
    for (const file of await listMailFiles(this.dataDir)) {
      const mail = await parseMail(await readFile(join(mailDropDir(this.dataDir), file)));
      if (mail.to.some((address) => address.toLowerCase() === to.toLowerCase())) subjects.unshift(mail.subject);
    }
    return subjects;
  }

  /** A request to /api with the token and a client address of its own (TRUST_PROXY). */
  async fetch(
    path: string,
    init: { method?: string; token?: string; headers?: Record<string, string>; body?: Buffer } = {},
  ) {
    const headers: Record<string, string> = {
      'x-forwarded-for': `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0] || 1}`,
      ...init.headers,
    };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    return toRawReply(
      await fetch(`${this.baseUrl}/api${path}`, { method: init.method ?? 'GET', headers, body: init.body }),
    );
  }

  async upload(path: string, token: string, parts: Part[], headers: Record<string, string> = {}): Promise<RawReply> {
    const { body, contentType } = multipart(parts);
    return this.fetch(path, { method: 'POST', token, body, headers: { 'content-type': contentType, ...headers } });
  }

  /**
   * Uploads `size` bytes (a repeated random block) without a Content-Length (chunked), as a client
   * that streams: the server knows the size only by counting. Stops sending once an answer arrives.
   */
  streamUpload(
    path: string,
    token: string,
    size: number,
    filename = 'big.bin',
  ): Promise<{ status: number; body: Record<string, unknown>; sent: number }> {
    const boundary = `----portal-stream-${randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const block = randomBytes(MB);
    const url = new URL(`${this.baseUrl}/api${path}`);
    return new Promise((resolve, reject) => {
      let answered = false;
      let sent = 0;
      const request = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'x-forwarded-for': '10.8.0.1',
          },
        },
        (response) => {
          answered = true;
          readAnswer(response, (answer) => resolve({ ...answer, sent }));
          response.on('error', reject);
        },
      );
      request.on('error', (error) => (answered ? undefined : reject(error)));
      const write = (chunk: Buffer) =>
        new Promise<void>((done) => {
          sent += chunk.length;
          if (request.write(chunk)) done();
          else request.once('drain', done);
        });
      void (async () => {
        await write(head);
        let left = size;
        while (left > 0 && !answered) {
          const chunk = left >= block.length ? block : block.subarray(0, left);
          await write(chunk);
          left -= chunk.length;
        }
        if (!answered) await write(tail);
        request.end();
      })().catch(reject);
    });
  }

  /**
   * An upload that starts (headers, the file's part header and its first 6 MB) and waits: `finish()`
   * sends the rest and resolves with the answer; `abandon()` drops the connection, as a client gone.
   */
  heldUpload(
    path: string,
    token: string,
    filename = 'held.pdf',
  ): { answer: Promise<UploadAnswer>; finish(): void; abandon(): void } {
    const boundary = `----portal-held-${randomBytes(8).toString('hex')}`;
    let request!: ClientRequest;
    const answer = new Promise<UploadAnswer>((resolve, reject) => {
      request = this.multipartPost(path, token, boundary, '10.7.0.1', resolve, reject);
      request.on('error', reject);
    });
    // Past S3's first part (5 MB), so that the write shows in leftovers() on either driver.
    request.write(filePartHead(boundary, filename));
    request.write(randomBytes(6 * MB));
    request.flushHeaders();
    return {
      answer,
      finish: () => request.end(`held\r\n--${boundary}--\r\n`),
      abandon: () => request.destroy(),
    };
  }

  /**
   * An upload that sends its headers and the first `sent` bytes of a file (none: not even the part's
   * header), then nothing, as a stalled client; or, with `trickleMs`, one byte more every `trickleMs`.
   * Resolves with the answer, or with no status when the connection is closed without one.
   */
  slowUpload(
    path: string,
    token: string,
    options: { sent?: number; trickleMs?: number } = {},
  ): Promise<Partial<UploadAnswer>> {
    const boundary = `----portal-slow-${randomBytes(8).toString('hex')}`;
    return new Promise((resolve) => {
      let trickle: NodeJS.Timeout | undefined;
      const request = this.multipartPost(
        path,
        token,
        boundary,
        '10.6.0.1',
        (answer) => {
          resolve(answer);
          request.destroy();
        },
        () => undefined,
      );
      request.on('response', () => clearInterval(trickle));
      request.on('close', () => {
        clearInterval(trickle);
        resolve({});
      });
      request.on('error', () => undefined);
      request.flushHeaders();
      if (options.sent !== undefined) {
        request.write(filePartHead(boundary, 'slow.pdf'));
        request.write(randomBytes(options.sent));
      }
      if (options.trickleMs) trickle = setInterval(() => request.write('x'), options.trickleMs);
    });
  }

  /** A multipart POST on a connection of its own (a kept-alive one the server has just closed would drop the upload). */
  private multipartPost(
    path: string,
    token: string,
    boundary: string,
    clientAddress: string,
    onAnswer: (answer: UploadAnswer) => void,
    onError: (error: Error) => void,
  ): ClientRequest {
    const url = new URL(`${this.baseUrl}/api${path}`);
    return httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'x-forwarded-for': clientAddress,
        },
      },
      (response) => {
        readAnswer(response, onAnswer);
        response.on('error', onError);
      },
    );
  }

  /** A request whose path goes out exactly as written (fetch would resolve "/../" and "%2E%2E" first). */
  rawRequest(method: string, path: string, token: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const url = new URL(this.baseUrl);
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: `/api${path}`,
          method,
          headers: { authorization: `Bearer ${token}` },
        },
        (response) => readAnswer(response, resolve),
      );
      request.on('error', reject);
      request.end();
    });
  }

  /** Every object the storage holds (data files on disk, or keys of the bucket) under a prefix. */
  async storedObjects(prefix = ''): Promise<string[]> {
    if (this.s3) {
      const page = await this.s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix || undefined }));
      return (page.Contents ?? []).map((object) => object.Key!);
    }
    const root = join(this.dataDir, 'files');
    return (await walk(root)).map((path) => path.slice(root.length + 1)).filter((key) => key.startsWith(prefix));
  }

  /** Unfinished writes: temporary files on disk, or open multipart uploads. */
  async leftovers(): Promise<string[]> {
    if (this.s3) {
      const page = await this.s3.send(new ListMultipartUploadsCommand({ Bucket: BUCKET }));
      return (page.Uploads ?? []).map((upload) => `${upload.Key} (${upload.UploadId})`);
    }
    return (await walk(join(this.dataDir, 'files'))).filter((path) => path.includes('.~tmp.'));
  }
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
