import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * newsletter_subscriptions.resubscribe_token_hash and resubscribe_requested_at: a subscribe of an address that
 * unsubscribed mails it a link to confirm instead of resubscribing it, at most once a day (as
 * DeadlineResubscribeConfirmations does for deadline reminders).
 */
export class NewsletterResubscribeConfirmations1796800000000 implements MigrationInterface {
  name = 'NewsletterResubscribeConfirmations1796800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE newsletter_subscriptions
        ADD COLUMN resubscribe_token_hash text,
        ADD COLUMN resubscribe_requested_at timestamptz,
        ADD CONSTRAINT newsletter_subscriptions_resubscribe_token_key UNIQUE (resubscribe_token_hash),
        ADD CONSTRAINT newsletter_subscriptions_resubscribe_check
          CHECK (resubscribe_token_hash IS NULL OR resubscribe_requested_at IS NOT NULL)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE newsletter_subscriptions
        DROP CONSTRAINT newsletter_subscriptions_resubscribe_check,
        DROP CONSTRAINT newsletter_subscriptions_resubscribe_token_key,
        DROP COLUMN resubscribe_requested_at,
        DROP COLUMN resubscribe_token_hash`);
  }
}
