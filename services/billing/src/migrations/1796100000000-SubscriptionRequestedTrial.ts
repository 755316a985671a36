import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trial days a subscribe request asked for (by the query rule, before the cap), beside the days
 * granted: the same Idempotency-Key sent with another trial is refused like one with another package or
 * card. Null on the rows written before (their request is not known, so it is not compared).
 */
export class SubscriptionRequestedTrial1796100000000 implements MigrationInterface {
  name = 'SubscriptionRequestedTrial1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE subscriptions
        ADD COLUMN requested_trial_days integer NULL,
        ADD CONSTRAINT subscriptions_requested_trial_days_check CHECK (requested_trial_days >= 0)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE subscriptions DROP COLUMN requested_trial_days`);
  }
}
