import { createMemoryStorage, type StorageLike } from '../../shared/storage/storage';
import {
  attemptOwner,
  clearPendingAttempt,
  PENDING_ATTEMPT_MAX_AGE_MS,
  readPendingAttempt,
  savePendingAttempt,
  type PendingAttempt,
} from './pending-attempt';

const NOW = Date.parse('2030-05-01T12:00:00Z');
const service = { kind: 'service', id: 'svc-1' } as const;
const attempt: PendingAttempt = { owner: 'user-1', item: service, key: 'key-1', paymentMethodId: 'pm_1', sentAt: NOW };

describe('pending checkout attempts', () => {
  it('gives back the attempt of the same user and item', () => {
    const storage = createMemoryStorage();
    savePendingAttempt(storage, attempt);
    expect(readPendingAttempt(storage, 'user-1', service, NOW + 1000)).toEqual(attempt);
  });

  it('is not sent for another user, another item or another trial', () => {
    const storage = createMemoryStorage();
    savePendingAttempt(storage, attempt);
    savePendingAttempt(storage, { ...attempt, item: { kind: 'package', id: 'pkg-1', trialDays: 30 } });
    expect(readPendingAttempt(storage, 'user-2', service, NOW)).toBeNull();
    expect(readPendingAttempt(storage, 'user-1', { kind: 'service', id: 'svc-2' }, NOW)).toBeNull();
    expect(readPendingAttempt(storage, 'user-1', { kind: 'form', id: 'svc-1' }, NOW)).toBeNull();
    expect(readPendingAttempt(storage, 'user-1', { kind: 'package', id: 'pkg-1', trialDays: 0 }, NOW)).toBeNull();
    expect(readPendingAttempt(storage, 'user-1', { kind: 'package', id: 'pkg-1', trialDays: 30 }, NOW)).not.toBeNull();
  });

  it('is forgotten once answered, and past its age', () => {
    const storage = createMemoryStorage();
    savePendingAttempt(storage, attempt);
    expect(readPendingAttempt(storage, 'user-1', service, NOW + PENDING_ATTEMPT_MAX_AGE_MS)).toBeNull();
    clearPendingAttempt(storage, service);
    expect(readPendingAttempt(storage, 'user-1', service, NOW)).toBeNull();
  });

  it('ignores what it did not write, and a storage that refuses', () => {
    const storage = createMemoryStorage();
    storage.setItem('checkout-attempt:service:svc-1', '{not json');
    expect(readPendingAttempt(storage, 'user-1', service, NOW)).toBeNull();
    storage.setItem('checkout-attempt:service:svc-1', JSON.stringify({ ...attempt, paymentMethodId: 42 }));
    expect(readPendingAttempt(storage, 'user-1', service, NOW)).toBeNull();
    const refuse = () => {
      throw new Error('denied');
    };
    const refusing: StorageLike = { getItem: refuse, setItem: refuse, removeItem: refuse };
    expect(() => savePendingAttempt(refusing, attempt)).not.toThrow();
    expect(() => clearPendingAttempt(refusing, service)).not.toThrow();
    expect(readPendingAttempt(refusing, 'user-1', service, NOW)).toBeNull();
    expect(readPendingAttempt(null, 'user-1', service, NOW)).toBeNull();
  });

  it('keeps it for the user id, else the e-mail', () => {
    expect(attemptOwner({ id: 'user-1', email: 'Ada@Example.com' })).toBe('user-1');
    expect(attemptOwner({ id: null, email: 'Ada@Example.com' })).toBe('ada@example.com');
  });
});
