import { parseId, parseName } from './ids';

describe('parseId', () => {
  it('accepts a hyphenated UUID of any version, lower-cased', () => {
    expect(parseId('6DEA11AC-873A-3109-806F-BD475F7CAAA6')).toBe('6dea11ac-873a-3109-806f-bd475f7caaa6');
    expect(parseId('00000000-0000-0000-0000-000000000000')).toBe('00000000-0000-0000-0000-000000000000');
  });

  it.each([
    '',
    '1',
    'books',
    '6dea11ac873a3109806fbd475f7caaa6',
    '{6dea11ac-873a-3109-806f-bd475f7caaa6}',
    '6dea11ac-873a-3109-806f-bd475f7caaa6x',
    "6dea11ac-873a-3109-806f-bd475f7caaa'; --",
    ' 6dea11ac-873a-3109-806f-bd475f7caaa6',
  ])('refuses %j (a 404, never a database error)', (value) => {
    expect(parseId(value)).toBeUndefined();
  });

  it('refuses what is not a string', () => {
    expect(parseId(undefined)).toBeUndefined();
    expect(parseId(['6dea11ac-873a-3109-806f-bd475f7caaa6'])).toBeUndefined();
  });
});

describe('parseName', () => {
  it('trims, and refuses blank or over-long names', () => {
    expect(parseName(' Books ')).toBe('Books');
    expect(parseName('   ')).toBeUndefined();
    expect(parseName('x'.repeat(101))).toBeUndefined();
    expect(parseName(undefined)).toBeUndefined();
  });
});
