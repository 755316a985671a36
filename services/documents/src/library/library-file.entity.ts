import type { LibraryArea } from '@portal/contracts';
import { Check, Column, Entity, PrimaryColumn, Unique } from 'typeorm';

/**
 * One file of the forms library or the public files, at a path (folders and name, normalised) of
 * its area. The bytes are stored under the row's id, never under the path: a replaced file gets a
 * new object and the row moves to it in one transaction.
 */
@Entity({ name: 'library_files' })
@Unique('library_files_area_path_key', ['area', 'path'])
@Unique('library_files_storage_key_key', ['storageKey'])
@Check('library_files_area_check', "area IN ('forms', 'public')")
@Check('library_files_size_check', 'size BETWEEN 1 AND 209715200')
@Check('library_files_sha256_check', "sha256 ~ '^[0-9a-f]{64}$'")
@Check('library_files_path_check', 'octet_length(path) BETWEEN 1 AND 1024')
export class LibraryFile {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'library_files_pkey' })
  id: string;

  @Column({ type: 'text' })
  area: LibraryArea;

  /** 'Tax forms/2024/W-9.pdf' */
  @Column({ type: 'text' })
  path: string;

  @Column({ type: 'text' })
  storageKey: string;

  @Column({ type: 'integer' })
  size: number;

  @Column({ type: 'text' })
  contentType: string;

  @Column({ type: 'text' })
  sha256: string;

  /** The admin's user id. */
  @Column({ type: 'uuid' })
  uploadedBy: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  uploadedAt: Date;
}
