import { RangeNotSatisfiableError } from './errors';
import { rangeHeader, resolveRange, storedContentType } from './ranges';

describe('resolveRange', () => {
  it.each([
    [{ start: 0 }, 100, { start: 0, end: 99 }],
    [{ start: 90 }, 100, { start: 90, end: 99 }],
    [{ start: 10, end: 19 }, 100, { start: 10, end: 19 }],
    [{ start: 99, end: 99 }, 100, { start: 99, end: 99 }],
    [{ start: 95, end: 1000 }, 100, { start: 95, end: 99 }],
    [{ suffix: 5 }, 100, { start: 95, end: 99 }],
    [{ suffix: 500 }, 100, { start: 0, end: 99 }],
  ])('%j of %d bytes is %j', (range, size, expected) => {
    expect(resolveRange(range, size)).toEqual(expected);
  });

  it.each([
    [{ start: 100 }, 100],
    [{ start: 200, end: 300 }, 100],
    [{ start: 10, end: 9 }, 100],
    [{ suffix: 0 }, 100],
    [{ start: 0 }, 0],
    [{ suffix: 1 }, 0],
  ])('%j of %d bytes is unsatisfiable', (range, size) => {
    expect(() => resolveRange(range, size)).toThrow(new RangeNotSatisfiableError(size));
  });

  it('refuses offsets that are not whole numbers as a programming error', () => {
    expect(() => resolveRange({ start: -1 }, 10)).toThrow(TypeError);
    expect(() => resolveRange({ start: 1.5 }, 10)).toThrow(TypeError);
    expect(() => resolveRange({ start: 0, end: NaN }, 10)).toThrow(TypeError);
    expect(() => resolveRange({ suffix: -3 }, 10)).toThrow(TypeError);
  });
});

describe('rangeHeader', () => {
  it('writes the HTTP (and S3) Range syntax', () => {
    expect(rangeHeader({ start: 5 })).toBe('bytes=5-');
    expect(rangeHeader({ start: 5, end: 9 })).toBe('bytes=5-9');
    expect(rangeHeader({ suffix: 20 })).toBe('bytes=-20');
  });
});

describe('storedContentType', () => {
  it.each([
    ['application/pdf', 'application/pdf'],
    ['text/plain; charset=utf-8', 'text/plain; charset=utf-8'],
    [' image/png ', 'image/png'],
    [
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [undefined, 'application/octet-stream'],
    ['', 'application/octet-stream'],
    ['pdf', 'application/octet-stream'],
    ['text/html\r\nX-Injected: 1', 'application/octet-stream'],
    ['text/plain; name="é"', 'application/octet-stream'],
    [`text/${'x'.repeat(300)}`, 'application/octet-stream'],
  ])('stores %j as %j', (given, stored) => {
    expect(storedContentType(given)).toBe(stored);
  });
});
