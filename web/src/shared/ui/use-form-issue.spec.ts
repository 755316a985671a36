import { fieldIssueProps } from './use-form-issue';

type Field = 'name' | 'email' | 'message';
const errorId = 'error-1';

describe('fieldIssueProps', () => {
  it('marks and describes only the field of the check’s problem', () => {
    const issue = { field: 'email' as Field, message: 'Please enter a valid email address' };
    // A failure of an earlier call does not matter while the check has a problem.
    const state = { issue, failure: 'Failed to send', errorId };
    expect(fieldIssueProps<Field>('email', state)).toEqual({ invalid: true, describedBy: errorId });
    expect(fieldIssueProps<Field>('name', state)).toEqual({ invalid: false, describedBy: undefined });
  });

  it('describes every field by a failed call, marking none', () => {
    const state = { issue: null, failure: 'Failed to send', errorId };
    for (const name of ['name', 'email', 'message'] as const) {
      expect(fieldIssueProps<Field>(name, state)).toEqual({ invalid: false, describedBy: errorId });
    }
  });

  it('describes only `failedField` by a failed call when the form names one', () => {
    const state = { issue: null, failure: 'Failed to create invite code.', errorId, failedField: 'name' as Field };
    expect(fieldIssueProps<Field>('name', state)).toEqual({ invalid: false, describedBy: errorId });
    expect(fieldIssueProps<Field>('email', state)).toEqual({ invalid: false, describedBy: undefined });
  });

  it('leaves every field alone without a problem or a failure', () => {
    expect(fieldIssueProps<Field>('name', { issue: null, failure: null, errorId })).toEqual({
      invalid: false,
      describedBy: undefined,
    });
  });
});
