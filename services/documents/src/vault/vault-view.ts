import type { VaultFileReply } from '@portal/contracts';
import { iso } from '../common/sql';
import type { VaultFile } from './vault-file.entity';

/** A vault row as the API answers it (the client's own list and the admins' view alike). */
export function toVaultFileReply(file: VaultFile): VaultFileReply {
  return {
    id: file.id,
    file_path: file.fileName,
    size: file.size,
    uploaded_at: iso(file.uploadedAt),
    content_type: file.contentType,
    sha256: file.sha256,
  };
}
