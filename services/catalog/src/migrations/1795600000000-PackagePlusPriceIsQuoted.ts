import { MigrationInterface, QueryRunner } from 'typeorm';

const QUOTED = `'(quote|custom|varies|call|[0-9]\\s*-\\s*\\$?\\s*[0-9])'`;
/** A package's price with a '+' ('$1,500+/month') is a starting price: quoted (spec part 2, section 9). */
const QUOTED_PACKAGE = `'(\\+|quote|custom|varies|call|[0-9]\\s*-\\s*\\$?\\s*[0-9])'`;

const priceList = (packageQuoted: string) => `
  CREATE OR REPLACE VIEW billing_price_list AS
    SELECT 'package'::text AS kind, id, title AS name, amount_cents, currency,
           CASE WHEN btrim(attributes ->> 'Trial') ~ '^[0-9]{1,2}$' THEN btrim(attributes ->> 'Trial')::integer
                ELSE 0 END AS trial_months,
           (amount_cents IS NOT NULL AND price !~* ${packageQuoted}) AS is_fixed_price
      FROM services WHERE billing_cycle = 'monthly'
    UNION ALL
    SELECT 'service'::text, id, title, amount_cents, currency, 0,
           (amount_cents IS NOT NULL AND price !~* ${QUOTED})
      FROM services WHERE billing_cycle IS NULL
    UNION ALL
    SELECT 'form'::text, id, form_name, estimated_fee_cents, currency, 0,
           (estimated_fee_cents IS NOT NULL AND estimated_fee !~* ${QUOTED})
      FROM filing_forms`;

/**
 * `billing_price_list` (CreateBillingPriceList) as the site shows prices: a package whose price has a
 * '+' offers 'Book a Call', not Subscribe, so billing must not charge its amount either — an admin may
 * give such a package an amount (a minimum) without making it buyable. One-time services keep '+'
 * ('$299 + state filing fees' is a fixed price: the fees are billed separately). Same columns.
 */
export class PackagePlusPriceIsQuoted1795600000000 implements MigrationInterface {
  name = 'PackagePlusPriceIsQuoted1795600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(priceList(QUOTED_PACKAGE));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(priceList(QUOTED));
  }
}
