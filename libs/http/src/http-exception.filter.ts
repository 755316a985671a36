import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus } from '@nestjs/common';
import type { ErrorReply } from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_DETAIL,
  isDatabaseUnavailable,
} from './database-unavailable';
import { keepReadingAfterAnswer } from './unread-body';

/**
 * Every error leaves as JSON `{ detail }` (the web shows `detail` as is): a 4xx for the
 * caller's mistakes, a 503 with Retry-After while Postgres cannot be reached, a 500 with a
 * generic text otherwise, logged with the request id.
 * A hook lets the gateway answer non-API 404s with the web app (history fallback).
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  constructor(private readonly notFoundFallback?: (request: FastifyRequest, reply: FastifyReply) => boolean) {}

  catch(exception: unknown, host: ArgumentsHost) {
    const context = host.switchToHttp();
    const request = context.getRequest<FastifyRequest>();
    const reply = context.getResponse<FastifyReply>();
    const { status, body } = toErrorBody(exception, request);

    if (status === HttpStatus.NOT_FOUND && this.notFoundFallback?.(request, reply)) return;
    if (status === HttpStatus.SERVICE_UNAVAILABLE) request.log.warn({ err: exception }, 'request failed: unavailable');
    else if (status >= 500) request.log.error({ err: exception }, 'request failed');
    const retryAfter = isDatabaseUnavailable(exception)
      ? DATABASE_RETRY_AFTER_SECONDS
      : (exception as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
    // Refused before its body was read (an upload, one over the size limit): a client still sending
    // it — the split gateway among them — reads this answer.
    keepReadingAfterAnswer(request, reply);
    void reply.status(status).header('cache-control', 'no-store').send(body);
  }
}

/**
 * The status and `{ detail }` an error is answered with. `request` names the route in a 404 for one
 * that does not exist; without it (an answer recorded to be given again later) Nest's text stays.
 */
export function toErrorBody(
  exception: unknown,
  request?: Pick<FastifyRequest, 'method' | 'url' | 'headers'>,
): { status: number; body: ErrorReply & Record<string, unknown> } {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'string') {
      // Fastify's own refusal of a body no parser reads (before any route): say which types are read.
      if (request && status === HttpStatus.UNSUPPORTED_MEDIA_TYPE) {
        return { status, body: { detail: unsupportedMediaType(request.headers['content-type']) } };
      }
      return { status, body: { detail: response } };
    }
    const { detail, message, error: _error, statusCode: _statusCode, ...rest } = response as Record<string, unknown>;
    if (request && status === HttpStatus.NOT_FOUND && detail === undefined && String(message).startsWith('Cannot ')) {
      return { status, body: { detail: `Not found: ${request.method} ${request.url.split('?')[0]}` } };
    }
    const text = detail ?? (Array.isArray(message) ? message.join('; ') : message) ?? exception.message;
    return { status, body: { detail: String(text), ...rest } };
  }
  if (isDatabaseUnavailable(exception)) {
    return { status: HttpStatus.SERVICE_UNAVAILABLE, body: { detail: DATABASE_UNAVAILABLE_DETAIL } };
  }
  // Nest has already turned Fastify's 4xx errors (bad JSON, body too large) into HttpExceptions.
  return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { detail: 'Internal server error' } };
}

function unsupportedMediaType(contentType: string | undefined): string {
  const type = contentType?.split(';')[0].trim().slice(0, 100) || 'unknown';
  return (
    `A request body of type ${type} is not accepted: send JSON (application/json), a form ` +
    '(application/x-www-form-urlencoded) or, to upload a file, multipart/form-data.'
  );
}
