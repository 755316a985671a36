import { MigrationInterface, QueryRunner } from 'typeorm';

/** Each source of the staff inbox: its timestamp column, as ITEMS reads it. */
const SOURCES = [
  { table: 'messages', at: 'created_at' },
  { table: 'newsletter_subscriptions', at: 'subscribed_at' },
  { table: 'deadline_subscriptions', at: 'subscribed_at' },
] as const;

/**
 * The staff inbox pages by keyset, `(received_at, id) < (cursor)` newest first: each source gets an index
 * on (timestamp DESC, id DESC), which reads a page from the cursor on in order (the ones on the timestamp
 * alone left the ties on id to a sort), and the same index over its open items only, for the Open
 * filter, the staff's working list (handled items soon outnumber open ones many times over).
 */
export class InboxKeysetIndexes1796300000000 implements MigrationInterface {
  name = 'InboxKeysetIndexes1796300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const { table, at } of SOURCES) {
      await queryRunner.query(`CREATE INDEX ${table}_${at}_id_idx ON ${table} (${at} DESC, id DESC)`);
      await queryRunner.query(
        `CREATE INDEX ${table}_open_idx ON ${table} (${at} DESC, id DESC) WHERE handled_at IS NULL`,
      );
      await queryRunner.query(`DROP INDEX ${table}_${at}_idx`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const { table, at } of SOURCES) {
      await queryRunner.query(`CREATE INDEX ${table}_${at}_idx ON ${table} (${at} DESC)`);
      await queryRunner.query(`DROP INDEX ${table}_open_idx`);
      await queryRunner.query(`DROP INDEX ${table}_${at}_id_idx`);
    }
  }
}
