import type { LibraryArea } from '@portal/contracts';

/** Query keys of the documents area, in one place so that every reader and writer agrees. */
export const documentsKeys = {
  all: ['documents'] as const,
  vault: ['documents', 'vault'] as const,
  library: (area: LibraryArea) => ['documents', 'library', area] as const,
  clients: ['documents', 'admin', 'clients'] as const,
  clientVault: (ownerId: string) => ['documents', 'admin', 'vault', ownerId] as const,
  accessLog: (ownerId: string | undefined) => ['documents', 'admin', 'access', ownerId ?? 'all'] as const,
};
