/** Query keys of the profile area, in one place so that every reader and writer agrees. */
export const profileKeys = {
  me: ['profiles', 'me'] as const,
};
