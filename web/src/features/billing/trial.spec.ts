import { hadTrial, holdsPackage, isTrialActive, offeredTrialDays, trialDaysFromQuery, trialEndsOn } from './trial';

describe('trial rule of the subscribe page', () => {
  it.each([
    ['1', 30],
    ['90', 90],
    ['14', 14],
    ['0', 0],
    ['', 0],
    [null, 0],
    ['-1', 0],
    ['3.5', 0],
    ['abc', 0],
  ])('trial=%p means %p days', (query, days) => {
    expect(trialDaysFromQuery(query)).toBe(days);
  });

  it('offers what was asked, capped to the package, once per package', () => {
    expect(offeredTrialDays(90, 90, false)).toBe(90);
    expect(offeredTrialDays(365, 90, false)).toBe(90);
    expect(offeredTrialDays(30, 0, false)).toBe(0);
    expect(offeredTrialDays(30, 90, true)).toBe(0);
  });

  it('tells a held package and a trial already had from the user’s subscriptions', () => {
    const subscriptions = [
      { package_id: 'a', status: 'canceled' as const, has_trial: true },
      { package_id: 'b', status: 'trialing' as const, has_trial: true },
      { package_id: 'c', status: 'past_due' as const, has_trial: false },
    ];
    expect(hadTrial(subscriptions, 'a')).toBe(true);
    expect(hadTrial(subscriptions, 'c')).toBe(false);
    expect(holdsPackage(subscriptions, 'a')).toBe(false);
    expect(holdsPackage(subscriptions, 'b')).toBe(true);
    expect(holdsPackage(subscriptions, 'c')).toBe(false);
  });

  it('is active while trial_end_date is in the future', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    expect(isTrialActive({ trial_end_date: '2026-05-02T00:00:00Z' }, now)).toBe(true);
    expect(isTrialActive({ trial_end_date: '2026-05-01T11:59:59Z' }, now)).toBe(false);
    expect(isTrialActive({ trial_end_date: null }, now)).toBe(false);
    expect(trialEndsOn(30, now).toISOString()).toBe('2026-05-31T12:00:00.000Z');
  });
});
