import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two-factor sign-in: each account's TOTP secret (encrypted, AES-256-GCM), the one waiting for
 * confirmation, when it was turned on and the last time step used (no code twice); hashed recovery
 * codes; the short-lived challenge between the password and the code steps (a user token); and one
 * row per sign-in, listed on /settings.
 */
export class TwoFactorAndSessions1795600000000 implements MigrationInterface {
  name = 'TwoFactorAndSessions1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE users
        ADD COLUMN totp_secret text NULL,
        ADD COLUMN totp_pending_secret text NULL,
        ADD COLUMN totp_enabled_at timestamptz NULL,
        ADD COLUMN totp_last_step integer NULL,
        ADD CONSTRAINT users_totp_check CHECK ((totp_secret IS NULL) = (totp_enabled_at IS NULL))`);

    await queryRunner.query(`
      CREATE TABLE recovery_codes (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        code_hash text NOT NULL,
        used_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT recovery_codes_pkey PRIMARY KEY (id),
        CONSTRAINT recovery_codes_code_hash_key UNIQUE (code_hash),
        CONSTRAINT recovery_codes_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX recovery_codes_user_id_idx ON recovery_codes (user_id)`);

    await queryRunner.query(`ALTER TABLE user_tokens DROP CONSTRAINT user_tokens_purpose_check`);
    await queryRunner.query(
      `ALTER TABLE user_tokens ADD CONSTRAINT user_tokens_purpose_check CHECK (purpose IN ('verify-email', 'reset-password', 'two-factor-challenge'))`,
    );

    await queryRunner.query(`
      CREATE TABLE sessions (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        session_version integer NOT NULL,
        client_ip text NULL,
        user_agent text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        CONSTRAINT sessions_pkey PRIMARY KEY (id),
        CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX sessions_user_id_expires_at_idx ON sessions (user_id, expires_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE sessions`);
    await queryRunner.query(`DELETE FROM user_tokens WHERE purpose = 'two-factor-challenge'`);
    await queryRunner.query(`ALTER TABLE user_tokens DROP CONSTRAINT user_tokens_purpose_check`);
    await queryRunner.query(
      `ALTER TABLE user_tokens ADD CONSTRAINT user_tokens_purpose_check CHECK (purpose IN ('verify-email', 'reset-password'))`,
    );
    await queryRunner.query(`DROP TABLE recovery_codes`);
    await queryRunner.query(`
      ALTER TABLE users
        DROP CONSTRAINT users_totp_check,
        DROP COLUMN totp_last_step,
        DROP COLUMN totp_enabled_at,
        DROP COLUMN totp_pending_secret,
        DROP COLUMN totp_secret`);
  }
}
