import type { VaultAccessAction } from '@portal/contracts';
import { Check, Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An admin's access to a client's vault (a listing or a download): who, which file, when. Written
 * before the answer leaves, append-only (a trigger refuses updates and deletes), and kept when the
 * file itself is deleted (its id and name are copied here, without a foreign key).
 */
@Entity({ name: 'vault_access_log' })
@Check('vault_access_log_action_check', "action IN ('list', 'download')")
@Check('vault_access_log_file_check', "(action = 'download') = (file_id IS NOT NULL)")
// (accessed_at DESC, id DESC) and (owner_id, accessed_at DESC): TypeORM cannot declare a column's
// order; the migration defines them.
@Index('vault_access_log_accessed_at_idx', { synchronize: false })
@Index('vault_access_log_owner_idx', { synchronize: false })
export class VaultAccess {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'vault_access_log_pkey' })
  id: string;

  @Column({ type: 'uuid' })
  adminId: string;

  @Column({ type: 'text' })
  adminEmail: string;

  @Column({ type: 'uuid' })
  ownerId: string;

  @Column({ type: 'text' })
  ownerEmail: string;

  @Column({ type: 'text' })
  action: VaultAccessAction;

  @Column({ type: 'uuid', nullable: true })
  fileId: string | null;

  @Column({ type: 'text', nullable: true })
  fileName: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  accessedAt: Date;
}
