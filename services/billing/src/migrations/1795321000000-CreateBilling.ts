import { MigrationInterface, QueryRunner } from 'typeorm';

const SUBSCRIPTION_STATUSES = `'pending', 'incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'`;
/** A subscription that still holds its package: a second one of the same package is refused while one does. */
const LIVE_STATUSES = `'pending', 'incomplete', 'trialing', 'active', 'past_due', 'unpaid', 'paused'`;

/**
 * Billing's own records of what Stripe holds: one customer per user, the orders of one-time purchases,
 * subscriptions and their invoices, setup intents, and every webhook event received (stored once by its id).
 * Money is integer cents with its currency; a row is written before Stripe is called (its id is the Stripe
 * idempotency key and sits in the Stripe object's metadata), so a crash between the two is found again.
 */
export class CreateBilling1795321000000 implements MigrationInterface {
  name = 'CreateBilling1795321000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE customers (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        email text NOT NULL,
        name text NULL,
        stripe_customer_id text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT customers_pkey PRIMARY KEY (id),
        CONSTRAINT customers_user_id_key UNIQUE (user_id),
        CONSTRAINT customers_stripe_customer_id_key UNIQUE (stripe_customer_id),
        CONSTRAINT customers_stripe_customer_id_check CHECK (stripe_customer_id ~ '^cus_[A-Za-z0-9]+$')
      )`);

    await queryRunner.query(`
      CREATE TABLE setup_intents (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        customer_id uuid NOT NULL,
        stripe_setup_intent_id text NOT NULL,
        status text NOT NULL,
        payment_method_id text NULL,
        last_error text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT setup_intents_pkey PRIMARY KEY (id),
        CONSTRAINT setup_intents_stripe_setup_intent_id_key UNIQUE (stripe_setup_intent_id),
        CONSTRAINT setup_intents_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers (id),
        CONSTRAINT setup_intents_status_check CHECK (status IN
          ('requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'succeeded', 'canceled'))
      )`);
    await queryRunner.query(`CREATE INDEX setup_intents_customer_id_idx ON setup_intents (customer_id)`);

    await queryRunner.query(`
      CREATE TABLE orders (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        customer_id uuid NOT NULL,
        idempotency_key text NOT NULL,
        kind text NOT NULL,
        item_id uuid NOT NULL,
        item_name text NOT NULL,
        amount_cents integer NOT NULL,
        currency text NOT NULL,
        payment_method_id text NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        stripe_payment_intent_id text NULL,
        card_brand text NULL,
        card_last4 text NULL,
        failure_message text NULL,
        paid_at timestamptz NULL,
        receipt_queued_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT orders_pkey PRIMARY KEY (id),
        CONSTRAINT orders_user_id_idempotency_key_key UNIQUE (user_id, idempotency_key),
        CONSTRAINT orders_stripe_payment_intent_id_key UNIQUE (stripe_payment_intent_id),
        CONSTRAINT orders_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers (id),
        CONSTRAINT orders_kind_check CHECK (kind IN ('service', 'form')),
        CONSTRAINT orders_amount_cents_check CHECK (amount_cents >= 50),
        CONSTRAINT orders_currency_check CHECK (currency ~ '^[a-z]{3}$'),
        CONSTRAINT orders_status_check CHECK (status IN
          ('pending', 'requires_action', 'processing', 'succeeded', 'failed', 'canceled')),
        CONSTRAINT orders_paid_check CHECK ((status = 'succeeded') = (paid_at IS NOT NULL)),
        CONSTRAINT orders_idempotency_key_check CHECK (idempotency_key ~ '^[A-Za-z0-9._:-]{8,255}$')
      )`);
    await queryRunner.query(
      `CREATE INDEX orders_user_paid_at_idx ON orders (user_id, paid_at DESC) WHERE status = 'succeeded'`,
    );

    await queryRunner.query(`
      CREATE TABLE subscriptions (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL,
        customer_id uuid NOT NULL,
        idempotency_key text NOT NULL,
        package_id uuid NOT NULL,
        package_name text NOT NULL,
        amount_cents integer NOT NULL,
        currency text NOT NULL,
        payment_method_id text NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        stripe_subscription_id text NULL,
        trial_period_days integer NOT NULL DEFAULT 0,
        trial_start timestamptz NULL,
        trial_end timestamptz NULL,
        cancel_at_period_end boolean NOT NULL DEFAULT false,
        cancel_reason text NULL,
        canceled_at timestamptz NULL,
        ended_at timestamptz NULL,
        started_at timestamptz NULL,
        activated_at timestamptz NULL,
        current_period_start timestamptz NULL,
        current_period_end timestamptz NULL,
        card_brand text NULL,
        card_last4 text NULL,
        card_exp_month integer NULL,
        card_exp_year integer NULL,
        failure_message text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT subscriptions_pkey PRIMARY KEY (id),
        CONSTRAINT subscriptions_user_id_idempotency_key_key UNIQUE (user_id, idempotency_key),
        CONSTRAINT subscriptions_stripe_subscription_id_key UNIQUE (stripe_subscription_id),
        CONSTRAINT subscriptions_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES customers (id),
        CONSTRAINT subscriptions_amount_cents_check CHECK (amount_cents >= 0),
        CONSTRAINT subscriptions_currency_check CHECK (currency ~ '^[a-z]{3}$'),
        CONSTRAINT subscriptions_status_check CHECK (status IN (${SUBSCRIPTION_STATUSES})),
        CONSTRAINT subscriptions_trial_period_days_check CHECK (trial_period_days BETWEEN 0 AND 730),
        CONSTRAINT subscriptions_card_exp_month_check CHECK (card_exp_month BETWEEN 1 AND 12),
        CONSTRAINT subscriptions_idempotency_key_check CHECK (idempotency_key ~ '^[A-Za-z0-9._:-]{8,255}$')
      )`);
    // One live subscription per user and package: concurrent subscribe requests cannot both win.
    await queryRunner.query(
      `CREATE UNIQUE INDEX subscriptions_live_package_key ON subscriptions (user_id, package_id) WHERE status IN (${LIVE_STATUSES})`,
    );
    await queryRunner.query(`CREATE INDEX subscriptions_user_id_idx ON subscriptions (user_id, created_at DESC)`);

    await queryRunner.query(`
      CREATE TABLE invoices (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        stripe_invoice_id text NOT NULL,
        subscription_id uuid NOT NULL,
        user_id uuid NOT NULL,
        number text NULL,
        status text NOT NULL,
        billing_reason text NULL,
        amount_due integer NOT NULL,
        amount_paid integer NOT NULL,
        currency text NOT NULL,
        attempt_count integer NOT NULL DEFAULT 0,
        next_payment_attempt timestamptz NULL,
        hosted_invoice_url text NULL,
        invoice_pdf text NULL,
        period_start timestamptz NULL,
        period_end timestamptz NULL,
        stripe_created_at timestamptz NOT NULL,
        paid_at timestamptz NULL,
        card_brand text NULL,
        card_last4 text NULL,
        receipt_queued_at timestamptz NULL,
        failure_notified_attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT invoices_pkey PRIMARY KEY (id),
        CONSTRAINT invoices_stripe_invoice_id_key UNIQUE (stripe_invoice_id),
        CONSTRAINT invoices_subscription_id_fkey FOREIGN KEY (subscription_id) REFERENCES subscriptions (id),
        CONSTRAINT invoices_status_check CHECK (status IN ('draft', 'open', 'paid', 'uncollectible', 'void')),
        CONSTRAINT invoices_amounts_check CHECK (amount_due >= 0 AND amount_paid >= 0),
        CONSTRAINT invoices_currency_check CHECK (currency ~ '^[a-z]{3}$'),
        CONSTRAINT invoices_attempts_check CHECK (attempt_count >= 0 AND failure_notified_attempts >= 0)
      )`);
    await queryRunner.query(
      `CREATE INDEX invoices_subscription_id_idx ON invoices (subscription_id, stripe_created_at DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX invoices_user_paid_at_idx ON invoices (user_id, paid_at DESC) WHERE status = 'paid' AND amount_paid > 0`,
    );

    await queryRunner.query(`
      CREATE TABLE stripe_events (
        id text NOT NULL,
        type text NOT NULL,
        livemode boolean NOT NULL,
        api_version text NULL,
        stripe_created_at timestamptz NOT NULL,
        payload jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        processed_at timestamptz NULL,
        attempts integer NOT NULL DEFAULT 0,
        last_error text NULL,
        CONSTRAINT stripe_events_pkey PRIMARY KEY (id),
        CONSTRAINT stripe_events_id_check CHECK (id ~ '^evt_[A-Za-z0-9]+$'),
        CONSTRAINT stripe_events_payload_check CHECK (jsonb_typeof(payload) = 'object')
      )`);
    await queryRunner.query(
      `CREATE INDEX stripe_events_unprocessed_idx ON stripe_events (received_at) WHERE processed_at IS NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE stripe_events`);
    await queryRunner.query(`DROP TABLE invoices`);
    await queryRunner.query(`DROP TABLE subscriptions`);
    await queryRunner.query(`DROP TABLE orders`);
    await queryRunner.query(`DROP TABLE setup_intents`);
    await queryRunner.query(`DROP TABLE customers`);
  }
}
