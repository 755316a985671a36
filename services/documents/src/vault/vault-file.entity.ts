import { Check, Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';

/**
 * One file of a client's vault. The row is written only once the object is complete in storage
 * (at `storage_key`, made from the owner's and this row's ids), so every row has its bytes; the
 * name the client gave is kept here and never becomes part of a key.
 */
@Entity({ name: 'vault_files' })
@Unique('vault_files_storage_key_key', ['storageKey'])
@Check('vault_files_size_check', 'size BETWEEN 1 AND 209715200')
@Check('vault_files_sha256_check', "sha256 ~ '^[0-9a-f]{64}$'")
@Check('vault_files_file_name_check', 'octet_length(file_name) BETWEEN 1 AND 255')
// (owner_id, uploaded_at DESC, id DESC): TypeORM cannot declare a column's order; the migration defines it.
@Index('vault_files_owner_idx', { synchronize: false })
export class VaultFile {
  /** Chosen by the service before the upload: the storage key carries it. */
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'vault_files_pkey' })
  id: string;

  /** The client's user id (identity's; no foreign key across schemas). */
  @Column({ type: 'uuid' })
  ownerId: string;

  /** The client's e-mail when uploading (from the token), for the staff. */
  @Column({ type: 'text' })
  ownerEmail: string;

  @Column({ type: 'text' })
  fileName: string;

  @Column({ type: 'text' })
  storageKey: string;

  @Column({ type: 'integer' })
  size: number;

  @Column({ type: 'text' })
  contentType: string;

  /** Hex SHA-256 of the stored bytes. */
  @Column({ type: 'text' })
  sha256: string;

  @Column({ type: 'uuid' })
  uploadedBy: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  uploadedAt: Date;
}
