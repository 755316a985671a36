import { canSubmit, initialSignupState, SIGNUP_MESSAGES, signupReducer, type SignupState } from './signup-state';

const first = { a: 2, b: 3 };
const next = { a: 7, b: 8 };
const filled = (overrides: Partial<SignupState> = {}): SignupState => ({
  ...initialSignupState(first),
  email: 'founder@company.com',
  answer: '5',
  ...overrides,
});

describe('signupReducer', () => {
  it('keeps the button disabled until the captcha has an answer', () => {
    const state = initialSignupState(first);
    expect(canSubmit(state)).toBe(false);
    expect(canSubmit(signupReducer(state, { type: 'edit-answer', answer: ' ' }))).toBe(false);
    expect(canSubmit(signupReducer(state, { type: 'edit-answer', answer: '4' }))).toBe(true);
    expect(signupReducer(state, { type: 'submit', next })).toBe(state);
  });

  it('checks the e-mail first, with the sign-up words, and keeps the captcha', () => {
    const empty = signupReducer(filled({ email: ' ' }), { type: 'submit', next });
    expect(empty).toMatchObject({
      status: 'error',
      message: SIGNUP_MESSAGES.emailRequired,
      field: 'email',
      captcha: first,
    });
    const bad = signupReducer(filled({ email: 'founder@company' }), { type: 'submit', next });
    expect(bad).toMatchObject({ message: 'Please enter a valid email address', captcha: first, answer: '5' });
  });

  it('a wrong sum says so and brings a new captcha, with the answer cleared', () => {
    const wrong = signupReducer(filled({ answer: '6' }), { type: 'submit', next });
    expect(wrong).toMatchObject({
      status: 'error',
      message: 'Please solve the math problem correctly',
      field: 'answer',
      captcha: next,
      answer: '',
    });
    expect(canSubmit(wrong)).toBe(false);
  });

  it('a right sum sends; success brings a new captcha and is cleared when the e-mail is edited', () => {
    const sending = signupReducer(filled(), { type: 'submit', next });
    expect(sending).toMatchObject({ status: 'sending', message: '' });
    expect(canSubmit(sending)).toBe(false);
    const done = signupReducer(sending, { type: 'succeeded', next });
    expect(done).toMatchObject({
      status: 'success',
      message: "Thanks for subscribing! You'll receive deadline reminders soon.",
      captcha: next,
      answer: '',
      email: 'founder@company.com',
    });
    expect(signupReducer(done, { type: 'edit-email', email: 'other@company.com' })).toMatchObject({
      status: 'idle',
      message: '',
      email: 'other@company.com',
    });
  });

  it('keeps the address being sent while the sign-up is under way: an edit then would send a second sign-up', () => {
    // DeadlineSignupForm sends state.email whenever it changes while sending.
    const sending = signupReducer(filled(), { type: 'submit', next });
    expect(signupReducer(sending, { type: 'edit-email', email: 'founder@company.co' })).toBe(sending);
  });

  it("a failure shows the server's detail, else the spec's words, and brings a new captcha", () => {
    const sending = signupReducer(filled(), { type: 'submit', next });
    expect(signupReducer(sending, { type: 'failed', message: 'Too many attempts.', next })).toMatchObject({
      status: 'error',
      message: 'Too many attempts.',
      captcha: next,
      answer: '',
    });
    expect(signupReducer(sending, { type: 'failed', next }).message).toBe('Failed to subscribe. Please try again.');
  });

  it('clears a message after its time, but not one that is not shown', () => {
    const error = signupReducer(filled({ email: '' }), { type: 'submit', next });
    expect(signupReducer(error, { type: 'clear' })).toMatchObject({ status: 'idle', message: '', field: null });
    const sending = signupReducer(filled(), { type: 'submit', next });
    expect(signupReducer(sending, { type: 'clear' })).toBe(sending);
  });
});
