import { MigrationInterface, QueryRunner } from 'typeorm';

/** mail_suppressions: addresses SES reported as bounced for good or complaining, which the mail worker skips. */
export class CreateMailSuppressions1796400000000 implements MigrationInterface {
  name = 'CreateMailSuppressions1796400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE mail_suppressions (
        address text NOT NULL,
        reason text NOT NULL,
        detail text,
        diagnostic_code text,
        first_seen_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        sns_message_id text NOT NULL,
        CONSTRAINT mail_suppressions_pkey PRIMARY KEY (address),
        CONSTRAINT mail_suppressions_address_check CHECK (address = lower(address)),
        CONSTRAINT mail_suppressions_reason_check CHECK (reason IN ('bounce', 'complaint'))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE mail_suppressions`);
  }
}
