import { useEffect, useState } from 'react';
import type { FieldValues, UseFormSubscribe } from 'react-hook-form';
import { clearDraft, openDraftStorage, readDraft, saveDraft } from '../../../shared/storage/drafts';
import type { StorageLike } from '../../../shared/storage/storage';
import { submittableCode, type InviteRecord, type InviteRoute } from '../invite';

/** The questionnaire's answers are kept per questionnaire and invite code. */
export function draftKey(route: InviteRoute, code: string): string {
  return `onboarding-draft:${route}:${code}`;
}

export interface QuestionnaireDraft<Values> {
  storage: StorageLike | null;
  key: string;
  /** The saved answers over the empty ones: the form's initial values. */
  initial: Values;
}

/**
 * The saved answers of this questionnaire and code; `useKeepDraft` keeps them as the visitor types, so
 * a reload keeps what was typed until the questionnaire is submitted.
 */
export function useQuestionnaireDraft<Values extends { [Field in keyof Values]: string }>(
  route: InviteRoute,
  invite: InviteRecord,
  empty: Values,
): QuestionnaireDraft<Values> {
  const [draft] = useState(() => {
    const code = submittableCode(invite);
    const storage = code ? openDraftStorage() : null;
    const key = draftKey(route, code ?? '');
    return { storage, key, initial: readDraft(storage, key, empty) };
  });
  return draft;
}

/** Saves every change of the form (its `subscribe`); a submitted questionnaire leaves nothing behind. */
export function useKeepDraft<Form extends FieldValues>(
  draft: QuestionnaireDraft<unknown>,
  subscribe: UseFormSubscribe<Form>,
  submitted: boolean,
): void {
  useEffect(
    () =>
      subscribe({ formState: { values: true }, callback: ({ values }) => saveDraft(draft.storage, draft.key, values) }),
    [subscribe, draft],
  );
  useEffect(() => {
    if (submitted) clearDraft(draft.storage, draft.key);
  }, [submitted, draft]);
}
