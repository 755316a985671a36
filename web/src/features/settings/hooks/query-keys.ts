/** Query keys of the settings area, in one place so that every reader and writer agrees. */
export const settingsKeys = {
  twoFactor: ['auth', 'two-factor'] as const,
  sessions: ['auth', 'sessions'] as const,
  securityEvents: ['auth', 'security-events'] as const,
};
