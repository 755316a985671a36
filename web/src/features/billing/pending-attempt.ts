import type { StorageLike } from '../../shared/storage/storage';

/*
 * A checkout attempt sent without a final answer (the connection dropped, the server or the provider
 * failed, the session expired after 3-D Secure): the charge may have gone through. It is kept in the
 * tab's sessionStorage, so that opening the same checkout again (a reload, Back, a sign-in round trip)
 * sends that same request again, whose answer is the first attempt's, instead of a new attempt that
 * would charge again. Never card data: the key and the id of the card already saved with the provider.
 */

/** What a checkout buys. A subscription's trial is part of its request (the same key with another one is refused). */
export interface CheckoutItem {
  kind: 'service' | 'form' | 'package';
  id: string;
  trialDays?: number;
}

export interface PendingAttempt {
  /** Whose attempt: another user signing in in the tab does not send it. */
  owner: string;
  item: CheckoutItem;
  /** The attempt's Idempotency-Key. */
  key: string;
  paymentMethodId: string;
  /** When it was last sent (ms since the epoch). */
  sentAt: number;
}

/**
 * How long an attempt is sent again. The server answers a key's first result for ever; past this the
 * user has long seen the result in the purchase history, and a new visit means a new purchase.
 */
export const PENDING_ATTEMPT_MAX_AGE_MS = 24 * 3600 * 1000;

function storageKey(item: Pick<CheckoutItem, 'kind' | 'id'>): string {
  return `checkout-attempt:${item.kind}:${item.id}`;
}

/** Who the attempt is kept for: the user's id, else (an older stored session) the e-mail. */
export function attemptOwner(user: { id: string | null; email: string }): string {
  return user.id ?? user.email.toLowerCase();
}

export function savePendingAttempt(storage: StorageLike | null, attempt: PendingAttempt): void {
  try {
    storage?.setItem(storageKey(attempt.item), JSON.stringify(attempt));
  } catch {
    // A full or refused storage: the attempt is still kept for as long as the page stays open.
  }
}

export function clearPendingAttempt(storage: StorageLike | null, item: Pick<CheckoutItem, 'kind' | 'id'>): void {
  try {
    storage?.removeItem(storageKey(item));
  } catch {
    // As above.
  }
}

/**
 * The attempt `owner` left unfinished for `item` (the same trial for a subscription), not older than
 * PENDING_ATTEMPT_MAX_AGE_MS; null when there is none, or what is stored is not one this page wrote.
 */
export function readPendingAttempt(
  storage: StorageLike | null,
  owner: string,
  item: CheckoutItem,
  now: number,
): PendingAttempt | null {
  let parsed: unknown;
  try {
    const text = storage?.getItem(storageKey(item));
    if (!text) return null;
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isPendingAttempt(parsed)) return null;
  const sameItem =
    parsed.item.kind === item.kind && parsed.item.id === item.id && parsed.item.trialDays === item.trialDays;
  const fresh = parsed.sentAt <= now && now - parsed.sentAt < PENDING_ATTEMPT_MAX_AGE_MS;
  return parsed.owner === owner && sameItem && fresh ? parsed : null;
}

function isPendingAttempt(value: unknown): value is PendingAttempt {
  if (typeof value !== 'object' || value === null) return false;
  const { owner, item, key, paymentMethodId, sentAt } = value as Record<string, unknown>;
  if (typeof item !== 'object' || item === null) return false;
  const { kind, id, trialDays } = item as Record<string, unknown>;
  return (
    typeof owner === 'string' &&
    typeof key === 'string' &&
    key.length > 0 &&
    typeof paymentMethodId === 'string' &&
    paymentMethodId.length > 0 &&
    typeof sentAt === 'number' &&
    (kind === 'service' || kind === 'form' || kind === 'package') &&
    typeof id === 'string' &&
    (trialDays === undefined || typeof trialDays === 'number')
  );
}
