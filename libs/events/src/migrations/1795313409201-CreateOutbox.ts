import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Listed by every service that produces events. Unqualified names: the service's data
 * source sets search_path to its own schema, so the table lands there.
 */
export class CreateOutbox1795313409201 implements MigrationInterface {
  name = 'CreateOutbox1795313409201';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE outbox (
        id uuid NOT NULL,
        queue text NOT NULL,
        name text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        relayed_at timestamptz NULL,
        attempts integer NOT NULL DEFAULT 0,
        last_error text NULL,
        CONSTRAINT outbox_pkey PRIMARY KEY (id)
      )`);
    await queryRunner.query(`CREATE INDEX outbox_pending_idx ON outbox (created_at) WHERE relayed_at IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX outbox_pending_idx`);
    await queryRunner.query(`DROP TABLE outbox`);
  }
}
