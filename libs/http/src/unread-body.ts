import type { IncomingMessage, ServerResponse } from 'node:http';

export interface DiscardLimits {
  /** Bytes read after the answer before the connection may be closed. */
  bytes: number;
  /** How long the answer has been out before the connection may be closed: the client's time to read it. */
  graceMs: number;
  /** When the connection is closed, however much was read. */
  ms: number;
}

/** Enough for a client to read an answer it was sent while writing, without reading a whole upload for it. */
export const DISCARD_LIMITS: DiscardLimits = { bytes: 8 * 1024 * 1024, graceMs: 1_000, ms: 15_000 };

/**
 * For a request answered before its body was read (a refused upload): reads what the client still
 * sends and throws it away, so that the client, still writing, reads the answer. Closing at once
 * would not do: a connection closed with unread bytes is reset, and a client whose next write fails
 * before it read the answer never sees it (undici, the gateway's client, answers with a 502 then).
 * The connection is closed once both more than `bytes` were read and the answer has been out for
 * `graceMs` (the bytes already on their way when the client reads it can be more than `bytes`),
 * or after `ms` in any case, never before the answer is out.
 */
export function discardUnreadBody(
  request: IncomingMessage,
  response: ServerResponse,
  limits: DiscardLimits = DISCARD_LIMITS,
): void {
  // Nothing left to read: the body was read to its end (`complete` for a socket's request,
  // `readableEnded` for any stream, such as an injected request), or it is gone.
  if (request.complete || request.readableEnded || request.destroyed) return;
  request.unpipe();
  let seen = 0;
  let answeredAt: number | undefined;
  const answered = () => (answeredAt ??= Date.now());
  if (response.writableFinished) answered();
  else response.once('finish', answered);
  const stop = () => {
    clearTimeout(timer);
    request.off('data', onData).off('end', stop).off('close', stop).off('error', stop);
  };
  const close = () => {
    stop();
    request.pause();
    if (response.writableFinished || response.destroyed) request.socket.destroy();
    else response.once('finish', () => request.socket.destroy()).once('close', () => request.socket.destroy());
  };
  const onData = (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > limits.bytes && answeredAt !== undefined && Date.now() - answeredAt >= limits.graceMs) close();
  };
  const timer = setTimeout(close, limits.ms).unref();
  request.on('data', onData).once('end', stop).once('close', stop).once('error', stop);
  request.resume();
}

/**
 * An answer about to go out while the client is still sending its body (a refusal, or the gateway's
 * relay of one): the client reads it while the rest is read and thrown away. Not `Connection: close`
 * (Fastify's for a body it refused, the proxy's too): closed with bytes unread, the connection is
 * reset, and a client whose next write fails may never read the answer.
 */
export function keepReadingAfterAnswer(
  request: { raw: IncomingMessage },
  reply: { raw: ServerResponse; removeHeader(name: string): unknown },
): void {
  if (request.raw.complete) return;
  reply.removeHeader('connection');
  discardUnreadBody(request.raw, reply.raw);
}
