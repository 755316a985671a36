import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateMailDeliveries1795314000000 implements MigrationInterface {
  name = 'CreateMailDeliveries1795314000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE mail_deliveries (
        job_id text NOT NULL,
        message_id text NOT NULL,
        transport text NOT NULL,
        provider_id text NULL,
        delivered_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT mail_deliveries_pkey PRIMARY KEY (job_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE mail_deliveries`);
  }
}
