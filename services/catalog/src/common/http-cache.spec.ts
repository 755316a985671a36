import { bodyTag, ifNoneMatchHits, preferredCoding, strongEtag } from './http-cache';

describe('strong ETags', () => {
  it('are quoted tags that depend on every byte of the body', () => {
    const tag = bodyTag('[{"id":1}]');
    expect(tag).toMatch(/^[A-Za-z0-9_-]{27}$/);
    expect(bodyTag('[{"id":1}]')).toBe(tag);
    expect(bodyTag('[{"id":2}]')).not.toBe(tag);
    expect(bodyTag('[{"id":1}] ')).not.toBe(tag);
    expect(strongEtag(tag)).toBe(`"${tag}"`);
  });

  it('differ between the plain, the gzip and the brotli bytes of one body', () => {
    const tag = bodyTag('body');
    expect(strongEtag(tag, 'gzip')).toBe(`"${tag}-gzip"`);
    expect(strongEtag(tag, 'br')).toBe(`"${tag}-br"`);
  });
});

describe('ifNoneMatchHits', () => {
  const tag = bodyTag('body');

  it('matches the tag of either coding, in a list, weakly compared, or *', () => {
    expect(ifNoneMatchHits(strongEtag(tag), tag)).toBe(true);
    expect(ifNoneMatchHits(strongEtag(tag, 'gzip'), tag)).toBe(true);
    expect(ifNoneMatchHits(strongEtag(tag, 'br'), tag)).toBe(true);
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

describe('preferredCoding', () => {
  it.each([
    ['gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['gzip;q=1.0, br;q=0.8', 'gzip'],
    ['br', 'br'],
    ['*', 'br'],
    ['gzip, *;q=0', 'gzip'],
    ['x-gzip', 'gzip'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['gzip;q=0', 'identity'],
    ['br;q=0, gzip', 'gzip'],
    ['*;q=0', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ])('%j → %s', (header, expected) => {
    expect(preferredCoding(header)).toBe(expected);
  });
});
