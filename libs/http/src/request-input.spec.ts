import { validateSync } from 'class-validator';
import { inputProblem, MAX_BODY_DEPTH, requestInputProblem } from './request-input';
import { IsEmailAddress } from './validators';

const NOT_ALLOWED = 'contains a character that is not allowed (a NUL character or an unpaired UTF-16 surrogate)';

/** JSON of `depth` nested arrays, parsed. */
const nested = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

describe('the rule for request input', () => {
  it('accepts ordinary text, emoji (surrogate pairs) and nesting up to the limit', () => {
    expect(inputProblem({ name: 'Zoë 😀', tags: ['a', { b: 'c' }], count: 2 }, 'The field')).toBeUndefined();
    expect(inputProblem(nested(MAX_BODY_DEPTH), 'The field')).toBeUndefined();
  });

  it('names the field holding a NUL character or an unpaired surrogate', () => {
    expect(inputProblem({ profile: { first_name: 'Ja\u0000ne' } }, 'The field')).toBe(
      `The field "profile.first_name" ${NOT_ALLOWED}`,
    );
    expect(inputProblem({ answers: ['ok', '\ud800x'] }, 'The field')).toBe(`The field "answers[1]" ${NOT_ALLOWED}`);
    expect(inputProblem({ email: 'x\udc00@example.com' }, 'The field')).toBe(`The field "email" ${NOT_ALLOWED}`);
    expect(inputProblem({ 'ke\u0000y': 1 }, 'The field')).toBe(`A field name ${NOT_ALLOWED}`);
    expect(inputProblem('\u0000', 'The field')).toBe(`The request body ${NOT_ALLOWED}`);
  });

  it('refuses a body nested deeper than the limit, whatever its depth, without recursing', () => {
    const tooDeep = `The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels of arrays and objects)`;
    expect(inputProblem(nested(MAX_BODY_DEPTH + 1), 'The field')).toBe(tooDeep);
    expect(inputProblem(nested(5000), 'The field')).toBe(tooDeep);
    expect(inputProblem(JSON.parse(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`), 'The field')).toBe(tooDeep);
  });

  it('checks path parameters, then the query, then the body', () => {
    expect(requestInputProblem({ params: { name: '\u0000' }, query: {}, body: undefined })).toBe(
      `The path parameter "name" ${NOT_ALLOWED}`,
    );
    expect(requestInputProblem({ params: {}, query: { email: ['a', '\ud800'] }, body: undefined })).toBe(
      `The query parameter "email[1]" ${NOT_ALLOWED}`,
    );
    expect(requestInputProblem({ params: { id: '1' }, query: {}, body: { description: 'a\u0000' } })).toBe(
      `The field "description" ${NOT_ALLOWED}`,
    );
    expect(requestInputProblem({ params: { id: '1' }, query: { q: 'x' }, body: { a: 'b' } })).toBeUndefined();
  });

  it('walks objects without a prototype, as Fastify parses path parameters and queries', () => {
    class Params {}
    Object.setPrototypeOf(Params.prototype, null);
    const params = Object.assign(new Params(), { name: '\u0000' });
    expect(inputProblem(params, 'The path parameter')).toBe(`The path parameter "name" ${NOT_ALLOWED}`);
    expect(inputProblem(Object.assign(Object.create(null) as object, { q: '\u0000' }), 'The query parameter')).toBe(
      `The query parameter "q" ${NOT_ALLOWED}`,
    );
  });

  it('does not walk streams or buffers (raw bodies)', () => {
    expect(inputProblem(Buffer.from('\u0000'), 'The field')).toBeUndefined();
  });
});

describe('IsEmailAddress', () => {
  class Body {
    @IsEmailAddress()
    email: unknown;
  }
  const messages = (email: unknown) => {
    const body = Object.assign(new Body(), { email });
    return validateSync(body).flatMap((error) => Object.values(error.constraints ?? {}));
  };

  it('calls an address with an unpaired surrogate invalid instead of throwing', () => {
    expect(messages('\ud800x@example.com')).toEqual(['Please enter a valid email address']);
    expect(messages('jane@exa\udc00mple.com')).toEqual(['Please enter a valid email address']);
    expect(messages('jane@example.com')).toEqual([]);
  });
});
