import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What has been refunded of a subscription invoice's charge (staff refund from Stripe's dashboard), as
 * orders keep it: the amount in cents (0 when nothing) and when the latest refund was made. The invoice
 * stays 'paid': it was paid; the refund is told beside it.
 */
export class InvoiceRefunds1796300000000 implements MigrationInterface {
  name = 'InvoiceRefunds1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE invoices
        ADD COLUMN refunded_cents integer NOT NULL DEFAULT 0,
        ADD COLUMN refunded_at timestamptz NULL,
        ADD CONSTRAINT invoices_refunded_cents_check CHECK (refunded_cents >= 0),
        ADD CONSTRAINT invoices_refunded_check CHECK ((refunded_cents > 0) = (refunded_at IS NOT NULL))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE invoices DROP COLUMN refunded_at, DROP COLUMN refunded_cents`);
  }
}
