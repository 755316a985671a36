import { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables whose rows the catalog's public reads serve (see CatalogStore). */
const CONTENT_TABLES = ['menu_items', 'pages', 'service_categories', 'services', 'filing_forms'];

/**
 * Every committed change of catalog content announces itself on the `catalog_changed`
 * channel: a statement-level trigger per content table sends a NOTIFY naming the
 * transaction (Postgres delivers it at commit, once per transaction, to every process
 * listening). Whatever makes the change — an admin edit in any replica, a later content
 * migration or seed, `npm run migrate` beside running replicas, psql — each process that
 * serves the catalog reads it again (CatalogStore). Only a change made with triggers off
 * (session_replication_role = replica, as pg_restore does) goes unannounced; then
 * `NOTIFY catalog_changed, 'what was changed'` announces it by hand.
 */
export class NotifyCatalogChanges1795442800000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION notify_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('catalog_changed', 'transaction ' || txid_current());
        RETURN NULL;
      END
      $$`);
    for (const table of CONTENT_TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER ${table}_notify_catalog_changed
         AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed()`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of CONTENT_TABLES) {
      await queryRunner.query(`DROP TRIGGER ${table}_notify_catalog_changed ON ${table}`);
    }
    await queryRunner.query(`DROP FUNCTION notify_catalog_changed()`);
  }
}
