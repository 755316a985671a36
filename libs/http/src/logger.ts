import type { LoggerService } from '@nestjs/common';
import { Logger as NestPinoLogger } from 'nestjs-pino';
import pino, { DestinationStream, Logger } from 'pino';

export interface LoggerOptions {
  level: string;
  /** The process (gateway or a service), on every line. */
  service: string;
  /** Readable single lines for a person at a terminal; JSON (one object per line) otherwise. */
  pretty?: boolean;
}

const loggers = new Map<string, Logger>();

/**
 * The one pino logger of a process (memoised by its options): Fastify logs requests with
 * it, Nest logs through it (nestjs-pino), and every line written while a request is
 * handled carries that request's id (`reqId`). JSON in production and tests; readable
 * lines in development.
 */
export function createLogger(options: LoggerOptions): Logger {
  const key = JSON.stringify(options);
  let logger = loggers.get(key);
  if (!logger) {
    logger = pino(
      {
        level: options.level,
        base: { service: options.service },
        redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'], remove: true },
        timestamp: pino.stdTimeFunctions.isoTime,
      },
      options.pretty ? prettyStream() : undefined,
    );
    loggers.set(key, logger);
  }
  return logger;
}

/**
 * Path segments that are credentials: an invite code (`/api/invite-codes/<code>` and its
 * `/submit-…` routes) is all a visitor needs to answer the questionnaire in the client's name.
 * The admin routes' uuid in the same place is an id, and stays.
 */
const SECRET_PATH_SEGMENT =
  /(\/invite-codes\/)(?![0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\/|$))[^/]+/i;

/**
 * A request's URL as the request log writes it: the path, with `*` for a segment that is a
 * credential, and the query's parameter names with `*` for each value. Query values can be
 * secrets — a reset or verification link's token, or the fields of a form sent natively before
 * its page's script ran — and logs are kept, shipped and read far more widely than the database.
 */
export function loggedUrl(url: string): string {
  const start = url.indexOf('?');
  const path = (start === -1 ? url : url.slice(0, start)).replace(SECRET_PATH_SEGMENT, '$1*');
  if (start === -1) return path;
  const names = url
    .slice(start + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=', 1)[0]}=*`);
  return `${path}?${names.join('&')}`;
}

/** pino-pretty is a development dependency: without it (a production install) lines stay JSON. */
function prettyStream(): DestinationStream | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const pretty = require('pino-pretty') as (options: Record<string, unknown>) => DestinationStream;
    return pretty({
      colorize: Boolean(process.stdout.isTTY),
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,service,context',
      messageFormat: '{if context}[{context}] {end}{msg}',
      sync: true,
    });
  } catch {
    return undefined;
  }
}

/**
 * Nest's own start-up chatter (a line per module and per mapped route, ~100 lines) is
 * debug, not info: at the default level a process says what started and where, and what
 * its services log.
 */
const FRAMEWORK_CONTEXTS = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
]);

export class ProcessLogger implements LoggerService {
  constructor(private readonly logger: NestPinoLogger) {}

  log(message: unknown, ...params: unknown[]) {
    const context = params.at(-1);
    if (typeof context === 'string' && FRAMEWORK_CONTEXTS.has(context)) this.logger.debug(message, ...params);
    else this.logger.log(message, ...params);
  }
  error(message: unknown, ...params: unknown[]) {
    this.logger.error(message, ...params);
  }
  warn(message: unknown, ...params: unknown[]) {
    this.logger.warn(message, ...params);
  }
  debug(message: unknown, ...params: unknown[]) {
    this.logger.debug(message, ...params);
  }
  verbose(message: unknown, ...params: unknown[]) {
    this.logger.verbose(message, ...params);
  }
  fatal(message: unknown, ...params: unknown[]) {
    this.logger.fatal(message, ...params);
  }
}
