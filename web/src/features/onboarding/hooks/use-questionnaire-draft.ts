import { useCallback, useState } from 'react';
import { clearDraft, draftKey, openDraftStorage, readDraft, saveDraft } from '../draft';
import { submittableCode, type InviteRecord, type InviteRoute } from '../invite';

/**
 * The saved answers of this questionnaire and code (the form's initial values), and how to save and
 * drop them: a reload keeps what the visitor typed until the questionnaire is submitted.
 */
export function useQuestionnaireDraft<Values extends { [Field in keyof Values]: string }>(
  route: InviteRoute,
  invite: InviteRecord,
  empty: Values,
) {
  const [draft] = useState(() => {
    const code = submittableCode(invite);
    const storage = code ? openDraftStorage() : null;
    const key = draftKey(route, code ?? '');
    return { storage, key, initial: readDraft(storage, key, empty) };
  });
  const save = useCallback((values: object) => saveDraft(draft.storage, draft.key, values), [draft]);
  const clear = useCallback(() => clearDraft(draft.storage, draft.key), [draft]);
  return { initial: draft.initial, save, clear };
}
