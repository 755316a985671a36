/** Query keys of the account area, in one place so that every reader and writer agrees. */
export const authKeys = {
  verificationStatus: (email: string) => ['auth', 'verification-status', email.trim().toLowerCase()] as const,
};
