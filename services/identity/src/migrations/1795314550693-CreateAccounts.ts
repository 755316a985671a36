import { MigrationInterface, QueryRunner } from 'typeorm';

/** Users, their profiles and their e-mailed tokens (verification, password reset). */
export class CreateAccounts1795314550693 implements MigrationInterface {
  name = 'CreateAccounts1795314550693';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE users (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        email text NOT NULL,
        password_hash text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        role text NOT NULL DEFAULT 'user',
        user_type smallint NOT NULL DEFAULT 1,
        is_verified boolean NOT NULL DEFAULT false,
        verified_at timestamptz NULL,
        session_version integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_pkey PRIMARY KEY (id),
        CONSTRAINT users_role_check CHECK ((role = 'user' AND user_type = 1) OR (role = 'admin' AND user_type = 99))
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`);

    await queryRunner.query(`
      CREATE TABLE profiles (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        phone text NULL,
        company text NULL,
        job_title text NULL,
        address jsonb NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT profiles_pkey PRIMARY KEY (id),
        CONSTRAINT profiles_user_id_key UNIQUE (user_id),
        CONSTRAINT profiles_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
      )`);

    await queryRunner.query(`
      CREATE TABLE user_tokens (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        purpose text NOT NULL,
        token_hash text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz NULL,
        invalidated_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT user_tokens_pkey PRIMARY KEY (id),
        CONSTRAINT user_tokens_token_hash_key UNIQUE (token_hash),
        CONSTRAINT user_tokens_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
        CONSTRAINT user_tokens_purpose_check CHECK (purpose IN ('verify-email', 'reset-password'))
      )`);
    await queryRunner.query(
      `CREATE INDEX user_tokens_outstanding_idx ON user_tokens (user_id, purpose) WHERE used_at IS NULL AND invalidated_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE user_tokens`);
    await queryRunner.query(`DROP TABLE profiles`);
    await queryRunner.query(`DROP TABLE users`);
  }
}
