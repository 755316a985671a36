import { ifRangeMatches, parseRangeHeader } from './range-header';

describe('parseRangeHeader', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100 }],
    ['bytes=-500', { suffix: 500 }],
    ['bytes=-0', { suffix: 0 }],
    ['Bytes = 5 - 9', { start: 5, end: 9 }],
    ['bytes=7-7', { start: 7, end: 7 }],
  ])('reads %j', (header, range) => {
    expect(parseRangeHeader(header)).toEqual(range);
  });

  it.each([
    undefined,
    '',
    'bytes=',
    'bytes=-',
    'bytes=9-5',
    'bytes=0-1,5-9',
    'items=0-5',
    'bytes=a-b',
    'bytes=1.5-2',
    'bytes=99999999999999999999-',
    'bytes=0-99 junk',
  ])('ignores %j (the whole file is sent)', (header) => {
    expect(parseRangeHeader(header)).toBeUndefined();
  });
});

describe('ifRangeMatches', () => {
  const etag = '"abc123"';
  const modified = new Date('2026-03-01T10:20:30.456Z');

  it('holds without If-Range, and for this version only', () => {
    expect(ifRangeMatches(undefined, etag, modified)).toBe(true);
    expect(ifRangeMatches('"abc123"', etag, modified)).toBe(true);
    expect(ifRangeMatches('"other"', etag, modified)).toBe(false);
    expect(ifRangeMatches('W/"abc123"', etag, modified)).toBe(false);
    expect(ifRangeMatches(modified.toUTCString(), etag, modified)).toBe(true);
    expect(ifRangeMatches(new Date('2026-03-01T10:20:31Z').toUTCString(), etag, modified)).toBe(false);
    expect(ifRangeMatches('yesterday', etag, modified)).toBe(false);
  });
});
