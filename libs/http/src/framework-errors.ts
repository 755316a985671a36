import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER } from './request-id';

/** Longest path parameter the router takes (a documents path: folders and a file name, each URL-encoded). */
export const MAX_PARAM_LENGTH = 2048;

const DETAILS: Record<string, string> = {
  FST_ERR_BAD_URL: 'The request path is not valid: it has a malformed %-encoding.',
  FST_ERR_MAX_PARAM_LENGTH: `A part of the request path is too long (at most ${MAX_PARAM_LENGTH} characters).`,
};

/**
 * Fastify's `frameworkErrors`: what its router refuses before any route, hook or Nest filter runs
 * (a malformed %-encoding, a path parameter over the limit), answered as every other error is:
 * JSON `{ detail }`, not Fastify's `{ error, code, message }`, with `headers` (the security
 * headers) and the request id the first request hook would have set.
 */
export function frameworkErrors(headers: Record<string, string>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
    void reply
      .headers(headers)
      .header(REQUEST_ID_HEADER, request.id)
      .code(status)
      .header('cache-control', 'no-store')
      .send({ detail: DETAILS[error.code] ?? 'The request could not be read.' });
  };
}
