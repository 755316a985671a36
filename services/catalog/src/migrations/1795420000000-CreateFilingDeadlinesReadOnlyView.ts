import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * catalog.filing_deadlines_read_only: the filing forms that have a deadline, for the notifications
 * service's deadline reminders (ARCHITECTURE.md: another service reads catalog data only through a
 * read-only view named as such). Catalog keeps filing_forms to itself and may change it freely as long
 * as this view keeps its columns.
 *
 * A plain one-table view would be automatically updatable in PostgreSQL; the GROUP BY (on the primary
 * key, so it changes no row) makes it not updatable: an INSERT, UPDATE or DELETE through it fails.
 */
export class CreateFilingDeadlinesReadOnlyView1795420000000 implements MigrationInterface {
  name = 'CreateFilingDeadlinesReadOnlyView1795420000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE VIEW filing_deadlines_read_only AS
        SELECT id, form_name, name, deadline_date
          FROM filing_forms
         WHERE deadline_date IS NOT NULL
         GROUP BY id`);
    await queryRunner.query(
      `COMMENT ON VIEW filing_deadlines_read_only IS 'Read-only: filing forms with a deadline, read by notifications for deadline reminders'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP VIEW filing_deadlines_read_only`);
  }
}
