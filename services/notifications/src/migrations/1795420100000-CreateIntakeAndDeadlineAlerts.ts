import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Job applications (messages with a resume kept in file storage), the staff inbox's "handled" marks,
 * deadline-alert subscriptions, and the reminders sent: one row per (subscription, filing, deadline,
 * offset), whose unique key is what makes every reminder go out at most once.
 */
export class CreateIntakeAndDeadlineAlerts1795420100000 implements MigrationInterface {
  name = 'CreateIntakeAndDeadlineAlerts1795420100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE messages
        ADD COLUMN position text NULL,
        ADD COLUMN linkedin text NULL,
        ADD COLUMN resume_key text NULL,
        ADD COLUMN resume_file_name text NULL,
        ADD COLUMN resume_content_type text NULL,
        ADD COLUMN resume_size integer NULL,
        ADD COLUMN resume_sha256 text NULL,
        ADD COLUMN handled_at timestamptz NULL,
        ADD COLUMN handled_by uuid NULL,
        ADD CONSTRAINT messages_resume_key_key UNIQUE (resume_key),
        ADD CONSTRAINT messages_resume_check CHECK (
          (resume_key IS NULL AND resume_file_name IS NULL AND resume_content_type IS NULL
             AND resume_size IS NULL AND resume_sha256 IS NULL)
          OR (resume_key IS NOT NULL AND resume_file_name IS NOT NULL AND resume_content_type IS NOT NULL
             AND resume_size > 0 AND resume_sha256 IS NOT NULL)),
        ADD CONSTRAINT messages_application_check CHECK (
          (type = 'job_application') = (resume_key IS NOT NULL AND position IS NOT NULL)),
        ADD CONSTRAINT messages_intake_length_check CHECK (
          char_length(position) <= 200 AND char_length(linkedin) <= 500 AND char_length(resume_file_name) <= 255),
        ADD CONSTRAINT messages_handled_check CHECK (handled_by IS NULL OR handled_at IS NOT NULL)`);

    await queryRunner.query(`ALTER TABLE newsletter_subscriptions ADD COLUMN handled_at timestamptz NULL`);
    // The inbox lists subscribers newest first with the messages.
    await queryRunner.query(
      `CREATE INDEX newsletter_subscriptions_subscribed_at_idx ON newsletter_subscriptions (subscribed_at DESC)`,
    );

    await queryRunner.query(`
      CREATE TABLE deadline_subscriptions (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        email text NOT NULL,
        ip_address inet NULL,
        status text NOT NULL DEFAULT 'subscribed',
        unsubscribe_token_hash text NOT NULL,
        subscribed_at timestamptz NOT NULL DEFAULT now(),
        unsubscribed_at timestamptz NULL,
        handled_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT deadline_subscriptions_pkey PRIMARY KEY (id),
        CONSTRAINT deadline_subscriptions_token_key UNIQUE (unsubscribe_token_hash),
        CONSTRAINT deadline_subscriptions_status_check CHECK (status IN ('subscribed', 'unsubscribed')),
        CONSTRAINT deadline_subscriptions_unsubscribed_check
          CHECK ((status = 'unsubscribed') = (unsubscribed_at IS NOT NULL)),
        CONSTRAINT deadline_subscriptions_email_check CHECK (char_length(email) <= 254)
      )`);
    // One row per address, whatever its case: the key of the idempotent subscribe.
    await queryRunner.query(
      `CREATE UNIQUE INDEX deadline_subscriptions_email_key ON deadline_subscriptions (lower(email))`,
    );
    await queryRunner.query(
      `CREATE INDEX deadline_subscriptions_subscribed_at_idx ON deadline_subscriptions (subscribed_at DESC)`,
    );

    await queryRunner.query(`
      CREATE TABLE deadline_reminders (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        subscription_id uuid NOT NULL,
        filing_id uuid NOT NULL,
        deadline_date date NOT NULL,
        days_before integer NOT NULL,
        run_for date NOT NULL,
        unsubscribe_token_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT deadline_reminders_pkey PRIMARY KEY (id),
        CONSTRAINT deadline_reminders_once_key UNIQUE (subscription_id, filing_id, deadline_date, days_before),
        CONSTRAINT deadline_reminders_token_key UNIQUE (unsubscribe_token_hash),
        CONSTRAINT deadline_reminders_subscription_id_fkey FOREIGN KEY (subscription_id)
          REFERENCES deadline_subscriptions (id) ON DELETE CASCADE,
        CONSTRAINT deadline_reminders_days_before_check CHECK (days_before BETWEEN 1 AND 365),
        CONSTRAINT deadline_reminders_run_for_check CHECK (run_for <= deadline_date)
      )`);
    // The clean-up drops reminders of long-past deadlines.
    await queryRunner.query(`CREATE INDEX deadline_reminders_deadline_date_idx ON deadline_reminders (deadline_date)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE deadline_reminders`);
    await queryRunner.query(`DROP TABLE deadline_subscriptions`);
    await queryRunner.query(`DROP INDEX newsletter_subscriptions_subscribed_at_idx`);
    await queryRunner.query(`ALTER TABLE newsletter_subscriptions DROP COLUMN handled_at`);
    await queryRunner.query(`
      ALTER TABLE messages
        DROP CONSTRAINT messages_handled_check,
        DROP CONSTRAINT messages_intake_length_check,
        DROP CONSTRAINT messages_application_check,
        DROP CONSTRAINT messages_resume_check,
        DROP CONSTRAINT messages_resume_key_key,
        DROP COLUMN handled_by,
        DROP COLUMN handled_at,
        DROP COLUMN resume_sha256,
        DROP COLUMN resume_size,
        DROP COLUMN resume_content_type,
        DROP COLUMN resume_file_name,
        DROP COLUMN resume_key,
        DROP COLUMN linkedin,
        DROP COLUMN position`);
  }
}
