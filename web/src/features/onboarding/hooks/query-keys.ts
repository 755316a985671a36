/** Query keys of the onboarding pages, in one place so that every reader and writer agrees. */
export const onboardingKeys = {
  invites: ['onboarding', 'invite'] as const,
  invite: (code: string) => [...onboardingKeys.invites, code] as const,
};
