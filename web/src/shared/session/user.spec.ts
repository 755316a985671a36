import { normalizeUser, userInitials } from './user';

describe('normalizeUser', () => {
  it('gives every field its default when the reply has none of them', () => {
    expect(normalizeUser({})).toEqual({
      id: null,
      email: '',
      first_name: '',
      last_name: '',
      firstName: '',
      lastName: '',
      is_verified: false,
      isVerified: false,
      role: null,
      user_type: null,
    });
  });

  it('takes the id from user_id before id', () => {
    expect(normalizeUser({ user_id: 'a-1', id: 'b-2' }).id).toBe('a-1');
    expect(normalizeUser({ id: 'b-2' }).id).toBe('b-2');
  });

  it.each([
    [{ is_verified: true }, true],
    [{ isVerified: true }, true],
    [{ verified: true }, true],
    [{ is_verified: false, verified: true }, true],
    [{ is_verified: 'true' }, false],
    [{ is_verified: false }, false],
  ])('reads verification from %j as %s, in both spellings', (raw, verified) => {
    const user = normalizeUser(raw);
    expect(user.is_verified).toBe(verified);
    expect(user.isVerified).toBe(verified);
  });

  it('fills the snake_case and camelCase names from either spelling', () => {
    expect(normalizeUser({ firstName: 'Ann', last_name: 'Lee' })).toMatchObject({
      first_name: 'Ann',
      firstName: 'Ann',
      last_name: 'Lee',
      lastName: 'Lee',
    });
  });

  it('keeps email, role and user_type (a numeric string becomes a number)', () => {
    expect(normalizeUser({ email: 'a@b.co', role: 'admin', user_type: '99' })).toMatchObject({
      email: 'a@b.co',
      role: 'admin',
      user_type: 99,
    });
    expect(normalizeUser({ user_type: 'admin' }).user_type).toBeNull();
    expect(normalizeUser({ user_type: '' }).user_type).toBeNull();
    expect(normalizeUser({ user_type: 1.5 }).user_type).toBeNull();
  });
});

describe('userInitials', () => {
  it.each([
    ['ann', 'lee', 'AL'],
    ['Ann', '', 'A'],
    ['', 'Lee', 'L'],
    ['', '', 'U'],
    ['  ', ' ', 'U'],
  ])('%j %j gives %s', (first_name, last_name, initials) => {
    expect(userInitials({ first_name, last_name })).toBe(initials);
  });
});
