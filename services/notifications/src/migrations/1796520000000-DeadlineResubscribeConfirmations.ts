import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * deadline_subscriptions.resubscribe_token_hash and resubscribe_requested_at: a sign-up of an address that
 * unsubscribed mails it a link to confirm instead of resubscribing it, at most once a day.
 */
export class DeadlineResubscribeConfirmations1796520000000 implements MigrationInterface {
  name = 'DeadlineResubscribeConfirmations1796520000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE deadline_subscriptions
        ADD COLUMN resubscribe_token_hash text,
        ADD COLUMN resubscribe_requested_at timestamptz,
        ADD CONSTRAINT deadline_subscriptions_resubscribe_token_key UNIQUE (resubscribe_token_hash),
        ADD CONSTRAINT deadline_subscriptions_resubscribe_check
          CHECK (resubscribe_token_hash IS NULL OR resubscribe_requested_at IS NOT NULL)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE deadline_subscriptions
        DROP CONSTRAINT deadline_subscriptions_resubscribe_check,
        DROP CONSTRAINT deadline_subscriptions_resubscribe_token_key,
        DROP COLUMN resubscribe_requested_at,
        DROP COLUMN resubscribe_token_hash`);
  }
}
