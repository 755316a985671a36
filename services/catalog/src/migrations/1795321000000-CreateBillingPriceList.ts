import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `catalog.billing_price_list`: the read-only view through which billing reads what things cost (services
 * never import each other, and billing never trusts an amount a client sends). One row per thing sold:
 *
 * - kind 'package': a service billed monthly; amount_cents a month, trial_months from its Trial attribute
 *   (a whole number of months, else 0: 'N/A', '0');
 * - kind 'service': a one-time service; amount_cents per purchase (state filing fees not included);
 * - kind 'form': a filing form; amount_cents its estimated fee.
 *
 * is_fixed_price is false for an item whose price is a quote or a range (no amount, or a price text that
 * says so): it cannot be bought by card. A UNION view is never updatable, so nothing can write through it.
 * Its columns are a contract with billing: add columns, never change or remove one.
 */
export class CreateBillingPriceList1795321000000 implements MigrationInterface {
  name = 'CreateBillingPriceList1795321000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const quoted = `~* '(quote|custom|varies|call|[0-9]\\s*-\\s*\\$?\\s*[0-9])'`;
    await queryRunner.query(`
      CREATE VIEW billing_price_list AS
        SELECT 'package'::text AS kind, id, title AS name, amount_cents, currency,
               CASE WHEN btrim(attributes ->> 'Trial') ~ '^[0-9]{1,2}$' THEN btrim(attributes ->> 'Trial')::integer
                    ELSE 0 END AS trial_months,
               (amount_cents IS NOT NULL AND price !${quoted}) AS is_fixed_price
          FROM services WHERE billing_cycle = 'monthly'
        UNION ALL
        SELECT 'service'::text, id, title, amount_cents, currency, 0,
               (amount_cents IS NOT NULL AND price !${quoted})
          FROM services WHERE billing_cycle IS NULL
        UNION ALL
        SELECT 'form'::text, id, form_name, estimated_fee_cents, currency, 0,
               (estimated_fee_cents IS NOT NULL AND estimated_fee !${quoted})
          FROM filing_forms`);
    await queryRunner.query(
      `COMMENT ON VIEW billing_price_list IS 'Read-only view for the billing service: the price of every package, service and filing form. Owned by catalog; never written through.'`,
    );
    await queryRunner.query(`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON billing_price_list FROM PUBLIC`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP VIEW billing_price_list`);
  }
}
