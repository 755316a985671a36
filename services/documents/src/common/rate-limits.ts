import type { NamedRateLimit } from '@portal/http';

const HOUR = 60 * 60;

/**
 * Every limit of the documents service, in one place. Uploads are keyed by the account (uploads
 * need a verified sign-in): they fill storage and each client upload mails the staff.
 */
export const RATE_LIMITS = {
  vaultUploadPerAccount: { name: 'documents:vault-upload:account', points: 100, durationSeconds: HOUR },
  libraryUploadPerAccount: { name: 'documents:library-upload:account', points: 200, durationSeconds: HOUR },
} as const satisfies Record<string, NamedRateLimit>;
