import { ApiError } from '../../shared/api/client';
import {
  codeFromQuery,
  inviteErrorDetail,
  inviteState,
  submitErrorDetail,
  submitErrorDetails,
  submittableCode,
  WRONG_QUESTIONNAIRE,
  type InviteRecord,
} from './invite';

const CODE = 'K7M2-QX9D-4TRB-HF3W';
const RECORD: InviteRecord = {
  invite_code: CODE,
  route: '/new-client',
  expiration_datetime: '2030-01-01T00:00:00.000Z',
};

describe('codeFromQuery', () => {
  it('reads the code, trimmed; nothing or blanks is no code', () => {
    expect(codeFromQuery(` ${CODE} `)).toBe(CODE);
    expect(codeFromQuery(null)).toBeNull();
    expect(codeFromQuery('  ')).toBeNull();
  });
});

describe('inviteState', () => {
  it('is invalid without a code in the URL', () => {
    expect(inviteState(null, { isPending: true }, '/new-client')).toEqual({
      status: 'invalid',
      detail: 'No invite code found in URL.',
    });
  });

  it('is validating while the check runs', () => {
    expect(inviteState(CODE, { isPending: true }, '/new-client')).toEqual({ status: 'validating' });
  });

  it('is valid with the record when the code opens this page', () => {
    expect(inviteState(CODE, { isPending: false, data: RECORD }, '/new-client')).toEqual({
      status: 'valid',
      invite: RECORD,
    });
  });

  it("is invalid with the server's detail when the check fails", () => {
    const gone = new ApiError(410, 'x', { detail: 'This invite code has already been used.' });

    expect(inviteState(CODE, { isPending: false, error: gone }, '/new-client')).toEqual({
      status: 'invalid',
      detail: 'This invite code has already been used.',
    });
  });

  it('is invalid, pointing to the right page, for a code of the other questionnaire', () => {
    expect(inviteState(CODE, { isPending: false, data: RECORD }, '/new-nonprofit-llc')).toEqual({
      status: 'invalid',
      detail: WRONG_QUESTIONNAIRE,
      otherRoute: '/new-client',
    });
  });
});

describe('the onboarding error messages', () => {
  it("validation: the server's detail, else 'Failed to validate invite code.'", () => {
    expect(inviteErrorDetail(new ApiError(404, 'x', { detail: 'Invite code not found.' }))).toBe(
      'Invite code not found.',
    );
    expect(inviteErrorDetail(new ApiError(502, 'Request failed: 502 Bad Gateway', '<html>'))).toBe(
      'Failed to validate invite code.',
    );
    expect(inviteErrorDetail(new TypeError('Failed to fetch'))).toBe('Failed to validate invite code.');
  });

  it("submission: the server's detail, else 'Failed to submit onboarding data.'", () => {
    expect(submitErrorDetail(new ApiError(410, 'x', { detail: 'This invite code has expired.' }))).toBe(
      'This invite code has expired.',
    );
    expect(submitErrorDetail(new TypeError('Failed to fetch'))).toBe('Failed to submit onboarding data.');
  });

  it("lists a 400's answer problems one a line, else the single detail", () => {
    const invalid = new ApiError(400, 'x', {
      detail: 'Company name is required; Report email must be a valid email address',
      errors: ['Company name is required', 'Report email must be a valid email address'],
    });
    expect(submitErrorDetails(invalid)).toEqual([
      'Company name is required',
      'Report email must be a valid email address',
    ]);
    expect(submitErrorDetails(new ApiError(409, 'x', { detail: WRONG_QUESTIONNAIRE }))).toEqual([WRONG_QUESTIONNAIRE]);
    expect(submitErrorDetails(new ApiError(500, 'x', undefined))).toEqual(['Failed to submit onboarding data.']);
  });
});

describe('submittableCode', () => {
  it("is the validated record's code, or null when the record lacks one ('Invite code data is missing.')", () => {
    expect(submittableCode(RECORD)).toBe(CODE);
    expect(submittableCode({ ...RECORD, invite_code: '' })).toBeNull();
    expect(submittableCode({ ...RECORD, invite_code: '  ' })).toBeNull();
    expect(submittableCode(undefined)).toBeNull();
  });

  it('is null, not a crash, when the reply has no invite_code at all or a null one (spec part 1, section 5)', () => {
    const { invite_code: _dropped, ...withoutCode } = RECORD;
    expect(submittableCode(withoutCode as unknown as InviteRecord)).toBeNull();
    expect(submittableCode({ ...RECORD, invite_code: null } as unknown as InviteRecord)).toBeNull();
  });
});
