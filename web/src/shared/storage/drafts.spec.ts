import { draftKey } from '../../features/onboarding/hooks/use-questionnaire-draft';
import { EMPTY_NONPROFIT } from '../../features/onboarding/questionnaires';
import { clearDraft, clearUserDrafts, readDraft, readSavedDraft, saveDraft, userDraftKey } from './drafts';
import { createMemoryStorage } from './storage';

const KEY = draftKey('/new-nonprofit-llc', 'K7M2-QX9D-4TRB-HF3W');

describe('questionnaire drafts', () => {
  it('are kept per questionnaire and code', () => {
    expect(KEY).toBe('onboarding-draft:/new-nonprofit-llc:K7M2-QX9D-4TRB-HF3W');
    expect(draftKey('/new-client', 'K7M2-QX9D-4TRB-HF3W')).not.toBe(KEY);
  });

  it('give back the saved answers, and the empty form when there are none', () => {
    const storage = createMemoryStorage();
    expect(readDraft(storage, KEY, EMPTY_NONPROFIT)).toEqual(EMPTY_NONPROFIT);
    saveDraft(storage, KEY, { non_profit_name: 'Helping Hands LLC', ein_number: '12-345', state_of_formation: '' });
    expect(readDraft(storage, KEY, EMPTY_NONPROFIT)).toEqual({
      non_profit_name: 'Helping Hands LLC',
      ein_number: '12-345',
      state_of_formation: '',
    });
    clearDraft(storage, KEY);
    expect(readDraft(storage, KEY, EMPTY_NONPROFIT)).toEqual(EMPTY_NONPROFIT);
  });

  it("read only the form's text fields, and ignore what is not a draft", () => {
    const storage = createMemoryStorage();
    storage.setItem(
      KEY,
      JSON.stringify({ non_profit_name: 'Acme', ein_number: 7, other: 'x', state_of_formation: null }),
    );
    expect(readDraft(storage, KEY, EMPTY_NONPROFIT)).toEqual({ ...EMPTY_NONPROFIT, non_profit_name: 'Acme' });
    for (const text of ['not json', '[1]', 'null', JSON.stringify({ non_profit_name: 'x'.repeat(30_000) })]) {
      storage.setItem(KEY, text);
      expect(readDraft(storage, KEY, EMPTY_NONPROFIT)).toEqual(EMPTY_NONPROFIT);
    }
  });

  it('read groups of fields (an address) the same way, and say when nothing is saved', () => {
    const storage = createMemoryStorage();
    const empty = { first_name: '', address: { line1: '', city: '' } };
    expect(readSavedDraft(storage, 'profile', empty)).toBeNull();
    storage.setItem(
      'profile',
      JSON.stringify({ first_name: 'Ada', address: { line1: '1 Main St', city: 5, extra: 'x' }, other: { a: 'b' } }),
    );
    expect(readSavedDraft(storage, 'profile', empty)).toEqual({
      first_name: 'Ada',
      address: { line1: '1 Main St', city: '' },
    });
    storage.setItem('profile', JSON.stringify({ first_name: 'Ada', address: 'not a group' }));
    expect(readDraft(storage, 'profile', empty)).toEqual({ first_name: 'Ada', address: { line1: '', city: '' } });
  });

  it('work without storage, or with one that refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readDraft(null, KEY, EMPTY_NONPROFIT)).toEqual(EMPTY_NONPROFIT);
    expect(readDraft(refusing, KEY, EMPTY_NONPROFIT)).toEqual(EMPTY_NONPROFIT);
    expect(() => saveDraft(refusing, KEY, EMPTY_NONPROFIT)).not.toThrow();
    expect(() => clearDraft(refusing, KEY)).not.toThrow();
  });
});

describe("a signed-in user's drafts", () => {
  it("are kept per user, and signing out removes that user's only", () => {
    const storage = createMemoryStorage();
    const mine = userDraftKey('u-1', 'profile');
    const theirs = userDraftKey('u-2', 'profile');
    expect(mine).toBe('profile-draft:u-1');
    saveDraft(storage, mine, { first_name: 'Grace' });
    saveDraft(storage, theirs, { first_name: 'Ada' });
    saveDraft(storage, KEY, EMPTY_NONPROFIT);

    clearUserDrafts(storage, 'u-1');
    expect(storage.getItem(mine)).toBeNull();
    expect(storage.getItem(theirs)).not.toBeNull();
    expect(storage.getItem(KEY)).not.toBeNull();
    expect(() => clearUserDrafts(null, 'u-1')).not.toThrow();
  });
});
