import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateNewsletterAndMessages1795317000000 implements MigrationInterface {
  name = 'CreateNewsletterAndMessages1795317000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE newsletter_subscriptions (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        email text NOT NULL,
        source text NOT NULL,
        status text NOT NULL DEFAULT 'subscribed',
        unsubscribe_token_hash text NOT NULL,
        subscribed_at timestamptz NOT NULL DEFAULT now(),
        unsubscribed_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT newsletter_subscriptions_pkey PRIMARY KEY (id),
        CONSTRAINT newsletter_subscriptions_token_key UNIQUE (unsubscribe_token_hash),
        CONSTRAINT newsletter_subscriptions_status_check CHECK (status IN ('subscribed', 'unsubscribed')),
        CONSTRAINT newsletter_subscriptions_unsubscribed_check
          CHECK ((status = 'unsubscribed') = (unsubscribed_at IS NOT NULL))
      )`);
    // One row per address, whatever its case: the key of the idempotent subscribe.
    await queryRunner.query(
      `CREATE UNIQUE INDEX newsletter_subscriptions_email_key ON newsletter_subscriptions (lower(email))`,
    );
    await queryRunner.query(`
      CREATE TABLE messages (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        name text NOT NULL,
        email text NOT NULL,
        phone text NULL,
        subject text NULL,
        type text NOT NULL DEFAULT 'general',
        source text NULL,
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT messages_pkey PRIMARY KEY (id),
        CONSTRAINT messages_type_check
          CHECK (type IN ('contact_form', 'job_application', 'perk_provider', 'book_call', 'general')),
        CONSTRAINT messages_length_check
          CHECK (char_length(name) <= 200 AND char_length(message) <= 5000 AND char_length(email) <= 254)
      )`);
    await queryRunner.query(`CREATE INDEX messages_created_at_idx ON messages (created_at DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE messages`);
    await queryRunner.query(`DROP TABLE newsletter_subscriptions`);
  }
}
