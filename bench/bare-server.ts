/**
 * The yardstick of bench:catalog: a bare Fastify (no logger, no hooks, no plugins) that
 * answers each path with the very bytes the product answered — status, headers and body
 * as recorded — and a 304 with the product's 304 headers when If-None-Match is the
 * recorded ETag. Run as a process of its own (like the product), by bench/catalog.ts:
 *
 *   node dist/bench/bare-server.js <answers.json> <port>
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

export interface RecordedAnswer {
  path: string;
  headers: Record<string, string>;
  /** base64 */
  body: string;
  /** The 304 for If-None-Match: etag, when the path has one. */
  notModified?: { etag: string; headers: Record<string, string> };
}

async function main(): Promise<void> {
  const [file, port] = process.argv.slice(2);
  const answers = JSON.parse(readFileSync(file, 'utf8')) as RecordedAnswer[];
  const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  for (const answer of answers) {
    const body = Buffer.from(answer.body, 'base64');
    const { notModified } = answer;
    app.get(answer.path, (request, reply) => {
      if (notModified && request.headers['if-none-match'] === notModified.etag) {
        return reply.code(304).headers(notModified.headers).send();
      }
      return reply.headers(answer.headers).send(body);
    });
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.close());
  await app.listen({ port: Number(port), host: '127.0.0.1' });
  process.stdout.write('listening\n');
}

// Run as a program; bench/catalog.ts imports only its types.
if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`bare server failed: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  });
}
