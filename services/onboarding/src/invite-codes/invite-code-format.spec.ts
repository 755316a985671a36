import {
  CODE_ALPHABET,
  encodeInviteCode,
  generateInviteCode,
  isCanonicalInviteCode,
  normalizeInviteCode,
} from './invite-code-format';

describe('invite codes', () => {
  it('use Crockford base32 without I, L, O or U', () => {
    expect(CODE_ALPHABET).toHaveLength(32);
    expect(new Set(CODE_ALPHABET).size).toBe(32);
    expect(CODE_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it('encode 10 bytes (80 bits) as 16 symbols in four groups', () => {
    expect(encodeInviteCode(Buffer.alloc(10, 0))).toBe('0000-0000-0000-0000');
    expect(encodeInviteCode(Buffer.alloc(10, 0xff))).toBe('ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    // 0x00 0x44 0x32 0x14 0xC7 = 00000 00001 00010 00011 00100 00101 00110 00111
    expect(encodeInviteCode(Buffer.from([0x00, 0x44, 0x32, 0x14, 0xc7, 0x42, 0x54, 0xb6, 0x35, 0xcf]))).toBe(
      '0123-4567-89AB-CDEF',
    );
    expect(() => encodeInviteCode(Buffer.alloc(8))).toThrow('10 bytes');
  });

  it('are generated from the CSPRNG in the canonical form and do not repeat', () => {
    const codes = Array.from({ length: 2000 }, generateInviteCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
      expect(isCanonicalInviteCode(code)).toBe(true);
      expect(normalizeInviteCode(code)).toBe(code);
    }
    // Every symbol shows up: the whole alphabet (5 bits per symbol) is in use.
    expect(new Set(codes.join('').replace(/-/g, '')).size).toBe(32);
  });

  it('normalize what a person types: case, spaces and dashes do not matter', () => {
    const code = 'K7M2-QX9D-4TRB-HF3W';
    for (const typed of [
      'k7m2-qx9d-4trb-hf3w',
      'K7M2QX9D4TRBHF3W',
      ' k7m2 qx9d 4trb hf3w ',
      'K7M2–QX9D—4TRB-HF3W',
      'K7-M2QX-9D4T-RBHF-3W',
    ]) {
      expect(normalizeInviteCode(typed)).toBe(code);
    }
  });

  it('read O as 0 and I or L as 1', () => {
    expect(normalizeInviteCode('OOOO-IIII-LLLL-oili')).toBe('0000-1111-1111-0111');
  });

  it('refuse anything that cannot be a code', () => {
    for (const typed of [
      '',
      'submissions',
      'K7M2-QX9D-4TRB',
      'K7M2-QX9D-4TRB-HF3W-AAAA',
      'K7M2-QX9D-4TRB-HF3U',
      'K7M2_QX9D_4TRB_HF3W',
      `K7M2-QX9D-4TRB-HF3W${' '.repeat(60)}`,
      '../../etc/passwd',
    ]) {
      expect(normalizeInviteCode(typed)).toBeUndefined();
    }
    expect(isCanonicalInviteCode('k7m2-qx9d-4trb-hf3w')).toBe(false);
  });
});
