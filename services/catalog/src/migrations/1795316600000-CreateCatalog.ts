import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The catalog's read-mostly content. Every table has a stable natural key (slug or name)
 * so content migrations upsert by it and never duplicate a row.
 */
export class CreateCatalog1795316600000 implements MigrationInterface {
  name = 'CreateCatalog1795316600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE menu_items (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        slug text NOT NULL,
        path text NOT NULL,
        title text NOT NULL,
        description text NOT NULL,
        icon text NOT NULL,
        position integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT menu_items_pkey PRIMARY KEY (id),
        CONSTRAINT menu_items_slug_key UNIQUE (slug),
        CONSTRAINT menu_items_path_check CHECK (path ~ '^/[a-z0-9/-]*$')
      )`);
    await queryRunner.query(`
      CREATE TABLE pages (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        name text NOT NULL,
        title text NOT NULL,
        content text NOT NULL,
        position integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT pages_pkey PRIMARY KEY (id),
        CONSTRAINT pages_name_key UNIQUE (name)
      )`);
    await queryRunner.query(`
      CREATE TABLE service_categories (
        name text NOT NULL,
        title text NOT NULL,
        position integer NOT NULL,
        attribute_names text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT service_categories_pkey PRIMARY KEY (name)
      )`);
    await queryRunner.query(`
      CREATE TABLE services (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        slug text NOT NULL,
        category text NOT NULL,
        provider text NOT NULL,
        title text NOT NULL,
        price text NOT NULL,
        amount_cents integer NULL,
        currency text NOT NULL DEFAULT 'usd',
        billing_cycle text NULL,
        description text NOT NULL,
        attributes jsonb NOT NULL DEFAULT '{}',
        position integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT services_pkey PRIMARY KEY (id),
        CONSTRAINT services_slug_key UNIQUE (slug),
        CONSTRAINT services_category_fkey FOREIGN KEY (category) REFERENCES service_categories (name) ON UPDATE CASCADE,
        CONSTRAINT services_amount_cents_check CHECK (amount_cents >= 0),
        CONSTRAINT services_currency_check CHECK (currency ~ '^[a-z]{3}$'),
        CONSTRAINT services_billing_cycle_check CHECK (billing_cycle IN ('monthly')),
        CONSTRAINT services_attributes_check CHECK (jsonb_typeof(attributes) = 'object')
      )`);
    await queryRunner.query(`CREATE INDEX services_category_position_idx ON services (category, position)`);
    await queryRunner.query(`
      CREATE TABLE filing_forms (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        slug text NOT NULL,
        form_name text NOT NULL,
        name text NOT NULL,
        short_description text NOT NULL,
        long_description text NOT NULL,
        filing_frequency text NOT NULL,
        estimated_fee text NOT NULL,
        estimated_fee_cents integer NULL,
        currency text NOT NULL DEFAULT 'usd',
        deadline_date date NULL,
        position integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT filing_forms_pkey PRIMARY KEY (id),
        CONSTRAINT filing_forms_slug_key UNIQUE (slug),
        CONSTRAINT filing_forms_form_name_key UNIQUE (form_name),
        CONSTRAINT filing_forms_estimated_fee_cents_check CHECK (estimated_fee_cents >= 0),
        CONSTRAINT filing_forms_currency_check CHECK (currency ~ '^[a-z]{3}$')
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE filing_forms`);
    await queryRunner.query(`DROP TABLE services`);
    await queryRunner.query(`DROP TABLE service_categories`);
    await queryRunner.query(`DROP TABLE pages`);
    await queryRunner.query(`DROP TABLE menu_items`);
  }
}
