import { openSessionStorage, type StorageLike } from '../../shared/storage/storage';
import type { InviteRoute } from './invite';

/*
 * The answers of a questionnaire not yet submitted, kept in the tab's sessionStorage so that a reload
 * (or a crashed tab restored) does not make the visitor start again. sessionStorage: never shared with
 * another tab, gone when the tab is closed; per questionnaire and code; removed once submitted.
 */

/** A draft bigger than this is not one the forms wrote (their answers are a few hundred characters). */
const MAX_DRAFT_LENGTH = 20_000;

export function draftKey(route: InviteRoute, code: string): string {
  return `onboarding-draft:${route}:${code}`;
}

/** The tab's sessionStorage, or null where there is none (prerendering) or the browser refuses it. */
export const openDraftStorage = openSessionStorage;

/** The saved answers over `empty`: only its fields, only text; anything else is ignored. */
export function readDraft<Values extends { [Field in keyof Values]: string }>(
  storage: StorageLike | null,
  key: string,
  empty: Values,
): Values {
  const values = { ...empty };
  let parsed: unknown;
  try {
    const text = storage?.getItem(key);
    if (!text || text.length > MAX_DRAFT_LENGTH) return values;
    parsed = JSON.parse(text);
  } catch {
    return values;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return values;
  const saved = parsed as Record<string, unknown>;
  for (const field of Object.keys(empty) as Array<keyof Values & string>) {
    const value = saved[field];
    if (typeof value === 'string') values[field] = value as Values[typeof field];
  }
  return values;
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
