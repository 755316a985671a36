import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from './database-unavailable';
import { toErrorBody } from './http-exception.filter';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const request = { method: 'GET', url: '/api/profiles/me' } as Parameters<typeof toErrorBody>[1];

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    [
      'a refused connection to every address',
      Object.assign(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]), {
        code: undefined,
      }),
    ],
    ['a server shutting down (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['a server starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection failure (08006)', withCode('connection failure', '08006')],
    ['too many connections (53300)', withCode('sorry, too many clients already', '53300')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a pool that waited too long', new Error('timeout exceeded when trying to connect')],
    [
      'TypeORM wrapping any of these',
      new QueryFailedError('SELECT 1', [], withCode('terminating connection due to administrator command', '57P01')),
    ],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', new QueryFailedError('INSERT', [], withCode('duplicate key', '23505'))],
    ['a syntax error', withCode('syntax error at or near "x"', '42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('the exception filter', () => {
  it('answers 503 with a detail for an unreachable database, 500 for other failures', () => {
    expect(toErrorBody(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'), request)).toEqual({
      status: 503,
      body: {
        detail:
          'The service is temporarily unavailable (its database cannot be reached). Please try again in a few seconds.',
      },
    });
    expect(toErrorBody(new Error('boom'), request)).toEqual({ status: 500, body: { detail: 'Internal server error' } });
  });
});
