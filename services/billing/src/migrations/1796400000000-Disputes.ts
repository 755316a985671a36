import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Disputes (chargebacks and inquiries) as Stripe has them, each against the order or the subscription
 * invoice whose charge it disputes (neither when the charge is not one of ours), with when the staff alert
 * and the outcome note were queued (one each).
 */
export class Disputes1796400000000 implements MigrationInterface {
  name = 'Disputes1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE disputes (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        stripe_dispute_id text NOT NULL,
        stripe_charge_id text NOT NULL,
        stripe_payment_intent_id text NULL,
        order_id uuid NULL,
        invoice_id uuid NULL,
        user_id uuid NULL,
        amount_cents integer NOT NULL,
        currency text NOT NULL,
        reason text NOT NULL,
        status text NOT NULL,
        evidence_due_by timestamptz NULL,
        stripe_created_at timestamptz NOT NULL,
        alert_queued_at timestamptz NULL,
        outcome_queued_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT disputes_pkey PRIMARY KEY (id),
        CONSTRAINT disputes_stripe_dispute_id_key UNIQUE (stripe_dispute_id),
        CONSTRAINT disputes_order_id_fkey FOREIGN KEY (order_id) REFERENCES orders (id),
        CONSTRAINT disputes_invoice_id_fkey FOREIGN KEY (invoice_id) REFERENCES invoices (id),
        CONSTRAINT disputes_owner_check CHECK (order_id IS NULL OR invoice_id IS NULL),
        CONSTRAINT disputes_amount_check CHECK (amount_cents >= 0),
        CONSTRAINT disputes_currency_check CHECK (currency ~ '^[a-z]{3}$')
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE disputes`);
  }
}
