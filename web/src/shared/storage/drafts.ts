import { openSessionStorage, type StorageLike } from './storage';

/*
 * What was typed into a form and not yet sent, kept in the tab's sessionStorage so that a reload (or a
 * crashed tab restored, or a sign-in after the session ran out) does not make the user start again.
 * sessionStorage: never shared with another tab, gone when the tab is closed; removed once sent.
 */

/** A draft bigger than this is not one the forms wrote (their answers are a few hundred characters). */
const MAX_DRAFT_LENGTH = 20_000;

/** The tab's sessionStorage, or null where there is none (prerendering) or the browser refuses it. */
export const openDraftStorage = openSessionStorage;

/**
 * The saved values over `empty`, or null when nothing (usable) is saved: only `empty`'s fields and
 * groups, only text; anything else is ignored.
 */
export function readSavedDraft<Values extends object>(
  storage: StorageLike | null,
  key: string,
  empty: Values,
): Values | null {
  let parsed: unknown;
  try {
    const text = storage?.getItem(key);
    if (!text || text.length > MAX_DRAFT_LENGTH) return null;
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  return isRecord(parsed) ? over(empty, parsed) : null;
}

/** The saved values over `empty` (the empty form when nothing usable is saved). */
export function readDraft<Values extends object>(storage: StorageLike | null, key: string, empty: Values): Values {
  return readSavedDraft(storage, key, empty) ?? { ...empty };
}

/** `empty`'s fields (text) and groups of fields, from `saved` where it has them. */
function over<Values extends object>(empty: Values, saved: Record<string, unknown>): Values {
  const values = { ...empty } as Record<string, unknown>;
  for (const [field, blank] of Object.entries(empty) as Array<[string, unknown]>) {
    const value = saved[field];
    if (typeof blank === 'string') {
      if (typeof value === 'string') values[field] = value;
    } else if (isRecord(blank) && isRecord(value)) {
      values[field] = over(blank, value);
    }
  }
  return values as Values;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Saves the answers; a full or refused storage only means no draft. */
export function saveDraft(storage: StorageLike | null, key: string, values: object): void {
  try {
    storage?.setItem(key, JSON.stringify(values));
  } catch {
    // Nothing to do: the form still works, a reload just starts over.
  }
}

export function clearDraft(storage: StorageLike | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // As above.
  }
}

/**
 * The forms whose drafts belong to the signed-in user (kept through the end of a session, to be given
 * back after signing in again). An explicit sign-out removes them: the tab may be a shared computer's.
 */
const USER_DRAFT_FORMS = ['profile'] as const;

export type UserDraftForm = (typeof USER_DRAFT_FORMS)[number];

/** The key of `userId`'s draft of `form`. */
export function userDraftKey(userId: string, form: UserDraftForm): string {
  return `${form}-draft:${userId}`;
}

/** Removes every draft `userId` has in this tab (signing out). */
export function clearUserDrafts(storage: StorageLike | null, userId: string): void {
  for (const form of USER_DRAFT_FORMS) clearDraft(storage, userDraftKey(userId, form));
}
