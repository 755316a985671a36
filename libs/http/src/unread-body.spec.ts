import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { connect, type AddressInfo } from 'node:net';
import { DiscardLimits, discardUnreadBody } from './unread-body';

const KB = 1024;
const ANSWER = 'HTTP/1.1 400 Bad Request';

let limits: DiscardLimits;
let server: Server;
let port: number;

/** A server that refuses every request at once, before reading a byte of its body. */
beforeAll(async () => {
  server = createServer((request, response) => {
    discardUnreadBody(request, response, limits);
    response.writeHead(400, { 'content-type': 'text/plain' }).end('refused');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

interface Outcome {
  /** Everything the server sent. */
  received: string;
  /** How the connection ended under the client, if it did. */
  error?: string;
  /** When it closed, from the first byte sent. */
  closedAfterMs: number;
}

/**
 * A client on a connection of its own: declares `total` bytes and sends them whatever the answer
 * (up to `stopAt` when given, then waits), then asks again on the same connection.
 */
function send(total: number, stopAt = total): Promise<Outcome> {
  const chunk = Buffer.alloc(64 * KB);
  const started = Date.now();
  return new Promise((resolve) => {
    const outcome: Outcome = { received: '', closedAfterMs: 0 };
    const socket = connect(port, '127.0.0.1');
    socket.on('data', (data: Buffer) => (outcome.received += String(data)));
    socket.on('error', (error: NodeJS.ErrnoException) => (outcome.error = error.code));
    socket.on('close', () => resolve({ ...outcome, closedAfterMs: Date.now() - started }));
    void (async () => {
      socket.write(`POST / HTTP/1.1\r\nHost: test\r\nContent-Length: ${total}\r\n\r\n`);
      for (let sent = 0; sent < stopAt && socket.writable; sent += chunk.length) {
        if (!socket.write(chunk)) await new Promise((drained) => socket.once('drain', drained).once('close', drained));
      }
      if (stopAt === total && socket.writable)
        socket.write('GET / HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n');
    })();
  });
}

describe('discardUnreadBody', () => {
  it('lets a client still sending read the answer and finish, and keeps its connection', async () => {
    // `ms` far beyond the send: a loaded machine (a full unit run beside builds) once took over 2 s.
    limits = { bytes: 256 * KB, graceMs: 100, ms: 20_000 };
    const outcome = await send(200 * KB);
    expect(outcome.received.split(ANSWER)).toHaveLength(3);
    expect(outcome.error).toBeUndefined();
  });

  it('closes the connection past the bytes it reads, once the answer has been out a while', async () => {
    limits = { bytes: 256 * KB, graceMs: 100, ms: 2_000 };
    const outcome = await send(1024 * 1024 * KB);
    expect(outcome.received.startsWith(ANSWER)).toBe(true);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(100);
    expect(outcome.closedAfterMs).toBeLessThan(1_000);
  });

  it('closes the connection of a client that stops sending, after the time it waits', async () => {
    limits = { bytes: 256 * KB, graceMs: 100, ms: 300 };
    const outcome = await send(200 * KB, 64 * KB);
    expect(outcome.received.startsWith(ANSWER)).toBe(true);
    expect(outcome.closedAfterMs).toBeGreaterThanOrEqual(290);
    expect(outcome.closedAfterMs).toBeLessThan(1_000);
  });
});

it('leaves alone a request whose body was read to its end, whatever kind of stream it is', async () => {
  // An injected request (light-my-request) is a plain stream: it never says `complete`.
  const request = new Readable({ read() {}, autoDestroy: false });
  request.push('{}');
  request.push(null);
  request.resume();
  await new Promise((resolve) => request.once('end', resolve));
  const response = { writableFinished: true, once: jest.fn() };
  jest.useFakeTimers();
  try {
    discardUnreadBody(request as unknown as IncomingMessage, response as unknown as ServerResponse, limits);
    expect(jest.getTimerCount()).toBe(0);
    expect(request.listenerCount('data')).toBe(0);
  } finally {
    jest.useRealTimers();
  }
});
