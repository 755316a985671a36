import { acceptsGzip, bodyTag, ifNoneMatchHits, strongEtag } from './http-cache';

describe('strong ETags', () => {
  it('are quoted tags that depend on every byte of the body', () => {
    const tag = bodyTag('[{"id":1}]');
    expect(tag).toMatch(/^[A-Za-z0-9_-]{27}$/);
    expect(bodyTag('[{"id":1}]')).toBe(tag);
    expect(bodyTag('[{"id":2}]')).not.toBe(tag);
    expect(bodyTag('[{"id":1}] ')).not.toBe(tag);
    expect(strongEtag(tag)).toBe(`"${tag}"`);
  });

  it('differ between the plain and the gzip bytes of one body', () => {
    const tag = bodyTag('body');
    expect(strongEtag(tag, 'gzip')).toBe(`"${tag}-gzip"`);
  });
});

describe('ifNoneMatchHits', () => {
  const tag = bodyTag('body');

  it('matches the tag of either coding, in a list, weakly compared, or *', () => {
    expect(ifNoneMatchHits(strongEtag(tag), tag)).toBe(true);
    expect(ifNoneMatchHits(strongEtag(tag, 'gzip'), tag)).toBe(true);
    expect(ifNoneMatchHits(`"other", ${strongEtag(tag)}`, tag)).toBe(true);
    expect(ifNoneMatchHits(`W/${strongEtag(tag, 'gzip')}`, tag)).toBe(true);
    expect(ifNoneMatchHits(['"other"', strongEtag(tag)], tag)).toBe(true);
    expect(ifNoneMatchHits('*', tag)).toBe(true);
  });

  it('does not match another tag, an unquoted tag or no header', () => {
    expect(ifNoneMatchHits(undefined, tag)).toBe(false);
    expect(ifNoneMatchHits('"other"', tag)).toBe(false);
    expect(ifNoneMatchHits(`"${bodyTag('other')}-gzip"`, tag)).toBe(false);
    expect(ifNoneMatchHits(tag, tag)).toBe(false);
    expect(ifNoneMatchHits('', tag)).toBe(false);
  });
});

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8', true],
    ['*', true],
    ['x-gzip', true],
    ['identity', false],
    ['br', false],
    ['gzip;q=0', false],
    ['*;q=0', false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
