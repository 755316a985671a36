import { Readable } from 'node:stream';

/** What is read of a client's request: Node's IncomingMessage, or a stand-in in a test. */
type RequestBody = Readable & { readonly complete: boolean };

/**
 * A proxied request's body as a stream of its own, the one undici sends upstream. Not the request
 * itself: when the service answers before it has read the whole body (a refused upload), undici
 * destroys the stream it was sending, and a destroyed request is read no further, which leaves
 * the client's connection stuck. The request is read only once undici reads (an answer given here
 * without forwarding leaves it to Node, which discards it), and `release()` hands what is left of
 * it back, to be thrown away, while undici finishes with the service's answer.
 */
export class ForwardedBody extends Readable {
  private reading = false;

  constructor(private readonly request: RequestBody) {
    super();
  }

  override _read(): void {
    if (!this.reading) {
      this.reading = true;
      this.request.on('data', this.onData).once('end', this.onEnd).once('close', this.onClose);
    }
    this.request.resume();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.release();
    callback(error);
  }

  /** Stops taking the request's bytes; this stream is left open, neither ended nor destroyed. */
  release(): void {
    this.request.off('data', this.onData).off('end', this.onEnd).off('close', this.onClose);
  }

  private readonly onData = (chunk: Buffer) => {
    if (!this.push(chunk)) this.request.pause();
  };

  private readonly onEnd = () => this.push(null);

  // The client gone mid-body: the upstream request fails as cut short rather than wait for the rest.
  private readonly onClose = () => {
    if (!this.request.complete) this.destroy();
  };
}
