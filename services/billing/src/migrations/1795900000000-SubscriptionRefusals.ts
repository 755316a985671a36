import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The HTTP status a first attempt was refused with (a card that is not the customer's, a request Stripe
 * refuses), beside its detail in `failure_message`: the same Idempotency-Key sent again answers the same,
 * not the generic decline. Null for a declined card (402).
 */
export class SubscriptionRefusals1795900000000 implements MigrationInterface {
  name = 'SubscriptionRefusals1795900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE subscriptions
        ADD COLUMN refusal_status integer NULL,
        ADD CONSTRAINT subscriptions_refusal_status_check CHECK (refusal_status BETWEEN 400 AND 599)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE subscriptions DROP COLUMN refusal_status`);
  }
}
