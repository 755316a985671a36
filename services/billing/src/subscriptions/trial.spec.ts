import { grantedTrialDays } from './trial';

describe('trial rule', () => {
  it('caps the request to the package’s Trial months x 30 days, never refusing a longer one', () => {
    expect(grantedTrialDays({ requested: 90, packageTrialMonths: 3, trialUsed: false })).toBe(90);
    expect(grantedTrialDays({ requested: 365, packageTrialMonths: 3, trialUsed: false })).toBe(90);
    expect(grantedTrialDays({ requested: 1, packageTrialMonths: 3, trialUsed: false })).toBe(30);
    expect(grantedTrialDays({ requested: 7, packageTrialMonths: 3, trialUsed: false })).toBe(7);
    expect(grantedTrialDays({ requested: 30, packageTrialMonths: 0, trialUsed: false })).toBe(0);
    expect(grantedTrialDays({ requested: 0, packageTrialMonths: 3, trialUsed: false })).toBe(0);
    expect(grantedTrialDays({ requested: 5000, packageTrialMonths: 99, trialUsed: false })).toBe(730);
  });

  it('grants a package’s trial once per user', () => {
    expect(grantedTrialDays({ requested: 90, packageTrialMonths: 3, trialUsed: true })).toBe(0);
  });
});
