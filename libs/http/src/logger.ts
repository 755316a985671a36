import type { LoggerService } from '@nestjs/common';
import pino, { Logger } from 'pino';

/** One JSON logger per process; Fastify logs requests with it and Nest logs through it. */
export function createLogger(level: string, service: string): Logger {
  return pino({
    level,
    base: { service },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'], remove: true },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}

export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
