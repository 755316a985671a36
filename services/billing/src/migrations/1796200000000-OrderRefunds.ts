import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What has been refunded of an order's charge (staff refund from Stripe's dashboard), as Stripe has it:
 * the amount in cents (0 when nothing) and when the latest refund was made. The order stays 'succeeded':
 * it was paid; the refund is told beside it.
 */
export class OrderRefunds1796200000000 implements MigrationInterface {
  name = 'OrderRefunds1796200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE orders
        ADD COLUMN refunded_cents integer NOT NULL DEFAULT 0,
        ADD COLUMN refunded_at timestamptz NULL,
        ADD CONSTRAINT orders_refunded_cents_check CHECK (refunded_cents BETWEEN 0 AND amount_cents),
        ADD CONSTRAINT orders_refunded_check CHECK ((refunded_cents > 0) = (refunded_at IS NOT NULL))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE orders DROP COLUMN refunded_at, DROP COLUMN refunded_cents`);
  }
}
