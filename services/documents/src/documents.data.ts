import { serviceData } from '@portal/events';
import { VaultAccess } from './client-vaults/vault-access.entity';
import { LibraryFile } from './library/library-file.entity';
import { CreateDocuments1795317500000 } from './migrations/1795317500000-CreateDocuments';
import { VaultFile } from './vault/vault-file.entity';

/** The documents schema: its entities and migrations, in order. */
export const DOCUMENTS_DATA = serviceData('documents', {
  entities: [VaultFile, LibraryFile, VaultAccess],
  migrations: [CreateDocuments1795317500000],
});
