import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * One rule for what a request may carry, applied to every route of every process before
 * validation (a Fastify preValidation hook): text without NUL characters (Postgres refuses
 * them in text and jsonb) and without unpaired UTF-16 surrogates (not Unicode: jsonb, URI
 * encoding and e-mail checks refuse them), in every string and key of the body, the query
 * and the path; and bodies nested at most MAX_BODY_DEPTH levels deep, so that nothing after
 * (class-transformer, the validation pipe) recurses without end.
 */

/** Deepest nesting of arrays and objects in a body; the DTOs need a handful of levels. */
export const MAX_BODY_DEPTH = 32;

/** A NUL character, or a surrogate code unit without its pair (with the u flag, a pair is one code point). */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const FORBIDDEN_TEXT = /[\u0000\p{Cs}]/u;

/** Whether text holds a NUL character or an unpaired UTF-16 surrogate. */
export function hasForbiddenText(text: string): boolean {
  return FORBIDDEN_TEXT.test(text);
}

const NOT_ALLOWED = 'contains a character that is not allowed (a NUL character or an unpaired UTF-16 surrogate)';

const TOO_DEEP = `The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels of arrays and objects)`;

/**
 * Arrays and objects as JSON, form, query and path parsers build them (plain, or of a class whose
 * prototype has none, as Fastify's params and query); streams and buffers are not walked.
 */
function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

/**
 * The first problem of a parsed value (`what` names it for people: 'The field', 'The query
 * parameter'), or undefined. Iterative, so any depth is safe to inspect.
 */
export function inputProblem(value: unknown, what: string, maxDepth = MAX_BODY_DEPTH): string | undefined {
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  while (stack.length) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      // Only a body can be text as a whole (a JSON string).
      if (hasForbiddenText(item.value)) {
        return item.path ? `${what} "${item.path}" ${NOT_ALLOWED}` : `The request body ${NOT_ALLOWED}`;
      }
      continue;
    }
    if (!isPlainContainer(item.value)) continue;
    if (item.depth >= maxDepth) return TOO_DEEP;
    const array = Array.isArray(item.value);
    for (const [key, child] of Object.entries(item.value)) {
      if (hasForbiddenText(key)) return `A field name ${NOT_ALLOWED}`;
      const path = array ? `${item.path}[${key}]` : item.path ? `${item.path}.${key}` : key;
      stack.push({ value: child, path, depth: item.depth + 1 });
    }
  }
  return undefined;
}

/** The first problem of a request's path parameters, query and body, or undefined. */
export function requestInputProblem(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): string | undefined {
  return (
    inputProblem(request.params, 'The path parameter', 2) ??
    inputProblem(request.query, 'The query parameter', 4) ??
    inputProblem(request.body, 'The field')
  );
}

/** Fastify preValidation hook: a 400 with a `detail` for input the rule refuses, before any route code. */
export async function refuseMalformedInput(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | void> {
  const problem = requestInputProblem(request);
  // Returning the reply ends the request here.
  if (problem) return reply.code(400).header('cache-control', 'no-store').send({ detail: problem });
}
