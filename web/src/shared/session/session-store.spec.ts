import { createMemoryStorage, type StorageLike } from '../storage/storage';
import { createSessionStore } from './session-store';
import type { User } from './user';

function storageWith(items: Record<string, string>): StorageLike {
  const storage = createMemoryStorage();
  for (const [key, value] of Object.entries(items)) storage.setItem(key, value);
  return storage;
}

const ANN: User = {
  id: 'u-1',
  email: 'ann@example.com',
  first_name: 'Ann',
  last_name: 'Lee',
  firstName: 'Ann',
  lastName: 'Lee',
  is_verified: true,
  isVerified: true,
  role: 'client',
  user_type: 1,
};

describe('createSessionStore', () => {
  describe('restoring the stored session', () => {
    it('restores a valid user and token, normalised', () => {
      const storage = storageWith({
        user: '{"user_id":42,"email":"ann@example.com","firstName":"Ann","verified":true,"user_type":99}',
        token: 'tok-1',
      });

      expect(createSessionStore(storage).getSnapshot()).toEqual({
        token: 'tok-1',
        user: {
          id: '42',
          email: 'ann@example.com',
          first_name: 'Ann',
          last_name: '',
          firstName: 'Ann',
          lastName: '',
          is_verified: true,
          isVerified: true,
          role: null,
          user_type: 99,
        },
      });
    });

    it('removes both keys when the stored user is not valid JSON', () => {
      const storage = storageWith({ user: '{"email": "ann@', token: 'tok-1' });

      expect(createSessionStore(storage).getSnapshot()).toEqual({ user: null, token: null });
      expect(storage.getItem('user')).toBeNull();
      expect(storage.getItem('token')).toBeNull();
    });

    it('removes both keys when the stored user is JSON but not an object', () => {
      for (const user of ['null', '"ann"', '[]']) {
        const storage = storageWith({ user, token: 'tok-1' });

        expect(createSessionStore(storage).getSnapshot()).toEqual({ user: null, token: null });
        expect(storage.getItem('token')).toBeNull();
      }
    });

    it('removes a token stored without a user, and a user stored without a token', () => {
      const tokenOnly = storageWith({ token: 'tok-1' });
      expect(createSessionStore(tokenOnly).getSnapshot()).toEqual({ user: null, token: null });
      expect(tokenOnly.getItem('token')).toBeNull();

      const userOnly = storageWith({ user: JSON.stringify(ANN) });
      expect(createSessionStore(userOnly).getSnapshot()).toEqual({ user: null, token: null });
      expect(userOnly.getItem('user')).toBeNull();
    });

    it('starts signed out on empty storage', () => {
      expect(createSessionStore(createMemoryStorage()).getSnapshot()).toEqual({ user: null, token: null });
    });
  });

  it('signIn stores the normalised user and the token, and notifies subscribers', () => {
    const storage = createMemoryStorage();
    const store = createSessionStore(storage);
    const listener = jest.fn();
    store.subscribe(listener);

    store.signIn({ id: 7, email: 'bo@example.com', is_verified: false }, 'tok-2');

    const expected: User = {
      id: '7',
      email: 'bo@example.com',
      first_name: '',
      last_name: '',
      firstName: '',
      lastName: '',
      is_verified: false,
      isVerified: false,
      role: null,
      user_type: null,
    };
    expect(store.getSnapshot()).toEqual({ user: expected, token: 'tok-2' });
    expect(JSON.parse(storage.getItem('user') ?? 'null')).toEqual(expected);
    expect(storage.getItem('token')).toBe('tok-2');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('signIn without a token is a programming error', () => {
    const store = createSessionStore(createMemoryStorage());

    expect(() => store.signIn({ id: 1 }, '')).toThrow('signIn needs the access token of the login reply');
    expect(store.getSnapshot().user).toBeNull();
  });

  it('signOut removes both keys and notifies subscribers', () => {
    const storage = storageWith({ user: JSON.stringify(ANN), token: 'tok-1' });
    const store = createSessionStore(storage);
    const listener = jest.fn();
    store.subscribe(listener);

    store.signOut();

    expect(store.getSnapshot()).toEqual({ user: null, token: null });
    expect(storage.getItem('user')).toBeNull();
    expect(storage.getItem('token')).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('updateUser changes the user, keeps the twins equal and stores the result', () => {
    const storage = storageWith({ user: JSON.stringify(ANN), token: 'tok-1' });
    const store = createSessionStore(storage);
    const before = store.getSnapshot();

    store.updateUser({ firstName: 'Anna', is_verified: false });

    const after = store.getSnapshot();
    expect(after).not.toBe(before);
    expect(after.token).toBe('tok-1');
    expect(after.user).toEqual({
      ...ANN,
      first_name: 'Anna',
      firstName: 'Anna',
      is_verified: false,
      isVerified: false,
    });
    expect(JSON.parse(storage.getItem('user') ?? 'null')).toEqual(after.user);
  });

  it('updateUser is ignored when signed out', () => {
    const storage = createMemoryStorage();
    const store = createSessionStore(storage);
    const listener = jest.fn();
    store.subscribe(listener);

    store.updateUser({ is_verified: true });

    expect(store.getSnapshot()).toEqual({ user: null, token: null });
    expect(storage.getItem('user')).toBeNull();
    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps the same snapshot object between changes, and stops notifying after unsubscribe', () => {
    const store = createSessionStore(createMemoryStorage());
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);

    expect(store.getSnapshot()).toBe(store.getSnapshot());
    unsubscribe();
    store.signIn({ id: 1 }, 'tok');

    expect(listener).not.toHaveBeenCalled();
  });
  describe('followStorage: what another tab stored (its storage event)', () => {
    /** Two tabs of one browser: two stores over one storage; `other` writes, `here` gets the events. */
    function twoTabs(items: Record<string, string> = { user: JSON.stringify(ANN), token: 'tok-1' }) {
      const storage = storageWith(items);
      const here = createSessionStore(storage);
      const other = createSessionStore(storage);
      const listener = jest.fn();
      here.subscribe(listener);
      return { storage, here, other, listener };
    }

    it('signs out when the other tab signed out, without writing storage', () => {
      const { storage, here, other, listener } = twoTabs();
      other.signOut();
      const setItem = jest.spyOn(storage, 'setItem');
      const removeItem = jest.spyOn(storage, 'removeItem');

      expect(here.followStorage('user')).toBe('signed-out');
      expect(here.getSnapshot()).toEqual({ user: null, token: null });
      expect(listener).toHaveBeenCalledTimes(1);
      // The event for the second key changes nothing more.
      expect(here.followStorage('token')).toBe('none');
      expect(listener).toHaveBeenCalledTimes(1);
      expect(setItem).not.toHaveBeenCalled();
      expect(removeItem).not.toHaveBeenCalled();
    });

    it('counts half a session as none, and leaves the half another tab is writing alone', () => {
      const { storage, here } = twoTabs();
      storage.removeItem('user');

      expect(here.followStorage('user')).toBe('signed-out');
      expect(storage.getItem('token')).toBe('tok-1');

      const signedOut = twoTabs({});
      signedOut.storage.setItem('user', JSON.stringify(ANN));
      expect(signedOut.here.followStorage('user')).toBe('none');
      expect(signedOut.storage.getItem('user')).toBe(JSON.stringify(ANN));
      expect(signedOut.listener).not.toHaveBeenCalled();
    });

    it('signs out when the other tab cleared the whole storage (a null key)', () => {
      const { storage, here } = twoTabs();
      storage.removeItem('user');
      storage.removeItem('token');

      expect(here.followStorage(null)).toBe('signed-out');
    });

    it('does not take over another user: the caller reloads', () => {
      const { here, other, listener } = twoTabs();
      const before = here.getSnapshot();
      other.signOut();
      other.signIn({ id: 'u-2', email: 'bo@example.com' }, 'tok-2');

      expect(here.followStorage('token')).toBe('other-user');
      expect(here.getSnapshot()).toBe(before);
      expect(listener).not.toHaveBeenCalled();
    });

    it("takes the same user's new token and details", () => {
      const { storage, here, other, listener } = twoTabs();
      storage.setItem('token', 'tok-1b');

      expect(here.followStorage('token')).toBe('updated');
      expect(here.getSnapshot()).toEqual({ user: ANN, token: 'tok-1b' });

      other.updateUser({ firstName: 'Anna' });
      expect(here.followStorage('user')).toBe('updated');
      expect(here.getSnapshot().user?.firstName).toBe('Anna');
      expect(listener).toHaveBeenCalledTimes(2);
      expect(here.followStorage('user')).toBe('none');
    });

    it('signs in when this tab was signed out and another tab signed in', () => {
      const { here, other } = twoTabs({});
      other.signIn({ id: 'u-2', email: 'bo@example.com' }, 'tok-2');

      expect(here.followStorage('token')).toBe('signed-in');
      expect(here.getSnapshot()).toEqual(other.getSnapshot());
    });

    it('ignores other keys', () => {
      const { storage, here, listener } = twoTabs();
      storage.removeItem('token');

      expect(here.followStorage('onboarding-draft')).toBe('none');
      expect(here.getSnapshot().token).toBe('tok-1');
      expect(listener).not.toHaveBeenCalled();
    });
  });
});
