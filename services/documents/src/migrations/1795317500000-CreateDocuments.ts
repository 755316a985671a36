import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The documents schema: the clients' vault files, the forms library and public files, and the log
 * of admins' accesses to a vault. Files rows are metadata of objects in storage (local disk or S3),
 * written once the object is complete; keys are made of ids, never of names.
 */
export class CreateDocuments1795317500000 implements MigrationInterface {
  name = 'CreateDocuments1795317500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE vault_files (
        id uuid NOT NULL,
        owner_id uuid NOT NULL,
        owner_email text NOT NULL,
        file_name text NOT NULL,
        storage_key text NOT NULL,
        size integer NOT NULL,
        content_type text NOT NULL,
        sha256 text NOT NULL,
        uploaded_by uuid NOT NULL,
        uploaded_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT vault_files_pkey PRIMARY KEY (id),
        CONSTRAINT vault_files_storage_key_key UNIQUE (storage_key),
        CONSTRAINT vault_files_size_check CHECK (size BETWEEN 1 AND 209715200),
        CONSTRAINT vault_files_sha256_check CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        CONSTRAINT vault_files_file_name_check CHECK (octet_length(file_name) BETWEEN 1 AND 255)
      )`);
    await queryRunner.query(`CREATE INDEX vault_files_owner_idx ON vault_files (owner_id, uploaded_at DESC, id DESC)`);

    await queryRunner.query(`
      CREATE TABLE library_files (
        id uuid NOT NULL,
        area text NOT NULL,
        path text NOT NULL,
        storage_key text NOT NULL,
        size integer NOT NULL,
        content_type text NOT NULL,
        sha256 text NOT NULL,
        uploaded_by uuid NOT NULL,
        uploaded_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT library_files_pkey PRIMARY KEY (id),
        CONSTRAINT library_files_area_path_key UNIQUE (area, path),
        CONSTRAINT library_files_storage_key_key UNIQUE (storage_key),
        CONSTRAINT library_files_area_check CHECK (area IN ('forms', 'public')),
        CONSTRAINT library_files_size_check CHECK (size BETWEEN 1 AND 209715200),
        CONSTRAINT library_files_sha256_check CHECK (sha256 ~ '^[0-9a-f]{64}$'),
        CONSTRAINT library_files_path_check CHECK (octet_length(path) BETWEEN 1 AND 1024)
      )`);

    await queryRunner.query(`
      CREATE TABLE vault_access_log (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        admin_id uuid NOT NULL,
        admin_email text NOT NULL,
        owner_id uuid NOT NULL,
        owner_email text NOT NULL,
        action text NOT NULL,
        file_id uuid NULL,
        file_name text NULL,
        accessed_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT vault_access_log_pkey PRIMARY KEY (id),
        CONSTRAINT vault_access_log_action_check CHECK (action IN ('list', 'download')),
        CONSTRAINT vault_access_log_file_check CHECK ((action = 'download') = (file_id IS NOT NULL))
      )`);
    await queryRunner.query(
      `CREATE INDEX vault_access_log_accessed_at_idx ON vault_access_log (accessed_at DESC, id DESC)`,
    );
    await queryRunner.query(`CREATE INDEX vault_access_log_owner_idx ON vault_access_log (owner_id, accessed_at DESC)`);
    // An audit trail: rows are added, never changed or removed (short of dropping the table).
    await queryRunner.query(`
      CREATE FUNCTION vault_access_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'vault_access_log is append-only';
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER vault_access_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON vault_access_log
      FOR EACH STATEMENT EXECUTE FUNCTION vault_access_log_append_only()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE vault_access_log`);
    await queryRunner.query(`DROP FUNCTION vault_access_log_append_only()`);
    await queryRunner.query(`DROP TABLE library_files`);
    await queryRunner.query(`DROP TABLE vault_files`);
  }
}
