import { canSubmit, initialNewsletterState, newsletterReducer, type NewsletterEvent } from './newsletter-state';

function run(...events: NewsletterEvent[]) {
  return events.reduce(newsletterReducer, initialNewsletterState);
}

describe('newsletterReducer', () => {
  it('goes idle, loading, success; clears the e-mail on success and the message on clear', () => {
    const typed = run({ type: 'edit', email: 'ann@example.com' });
    expect(typed).toEqual({ status: 'idle', email: 'ann@example.com', message: '' });

    const sending = newsletterReducer(typed, { type: 'submit' });
    expect(sending).toEqual({ status: 'loading', email: 'ann@example.com', message: '' });
    expect(canSubmit(sending)).toBe(false);

    const done = newsletterReducer(sending, { type: 'succeeded' });
    expect(done).toEqual({ status: 'success', email: '', message: 'Successfully subscribed!' });

    expect(newsletterReducer(done, { type: 'clear' })).toEqual({ status: 'idle', email: '', message: '' });
  });

  it('keeps the e-mail on failure, with the spec text or the server detail', () => {
    const failed = run({ type: 'edit', email: 'ann@example.com' }, { type: 'submit' }, { type: 'failed' });
    expect(failed).toEqual({
      status: 'error',
      email: 'ann@example.com',
      message: 'Failed to subscribe. Please try again.',
    });
    expect(canSubmit(failed)).toBe(true);

    const limited = run({ type: 'submit' }, { type: 'failed', message: 'Too many requests. Try again in a minute.' });
    expect(limited.message).toBe('Too many requests. Try again in a minute.');
    expect(newsletterReducer(limited, { type: 'clear' })).toMatchObject({ status: 'idle', message: '' });
  });

  it('ignores a submit while sending and stray replies or clears', () => {
    const sending = run({ type: 'submit' });
    expect(newsletterReducer(sending, { type: 'submit' })).toBe(sending);
    expect(newsletterReducer(sending, { type: 'clear' })).toBe(sending);
    expect(run({ type: 'succeeded' })).toEqual(initialNewsletterState);
    expect(run({ type: 'failed' })).toEqual(initialNewsletterState);
  });

  it('lets a new submit start from success or error, dropping the old message', () => {
    const again = run({ type: 'submit' }, { type: 'failed' }, { type: 'submit' });
    expect(again).toEqual({ status: 'loading', email: '', message: '' });
  });
});
