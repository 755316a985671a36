import { MigrationInterface, QueryRunner } from 'typeorm';

/** The seeded filings whose `deadline_date` is a statutory due date; the others' is an order-by date. */
const DUE_DATES = [
  'annual-report',
  'irs-form-7004',
  'irs-form-5471',
  'irs-form-5472',
  'irs-form-1120',
  'irs-form-1099-series',
  'fincen-form-114',
  'fincen-boi-report',
];

const deadlinesView = (where: string) => `
  CREATE OR REPLACE VIEW filing_deadlines_read_only AS
    SELECT id, form_name, name, deadline_date
      FROM filing_forms
     WHERE ${where}
     GROUP BY id`;

/**
 * What a filing's `deadline_date` means: `due`, the date the law sets (a tax return, an annual report),
 * or `order_by`, the last day we can still deliver an on-demand filing before year-end (Articles of
 * Dissolution, Certified Copies). Deadline reminders go out for due dates only: "Articles of Dissolution
 * is due in 30 days", mailed to every subscriber, told people they owed filings nobody owes. A filing
 * added later has a due date unless it says otherwise, as before (the seeds, which may be replayed,
 * insert without the column).
 */
export class FilingDeadlineKinds1796700000000 implements MigrationInterface {
  name = 'FilingDeadlineKinds1796700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE filing_forms ADD COLUMN deadline_kind text NOT NULL DEFAULT 'due'
         CONSTRAINT filing_forms_deadline_kind_check CHECK (deadline_kind IN ('due', 'order_by'))`,
    );
    await queryRunner.query(
      `UPDATE filing_forms SET deadline_kind = 'order_by' WHERE deadline_date IS NOT NULL AND NOT slug = ANY($1)`,
      [DUE_DATES],
    );
    await queryRunner.query(deadlinesView(`deadline_date IS NOT NULL AND deadline_kind = 'due'`));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(deadlinesView('deadline_date IS NOT NULL'));
    await queryRunner.query(`ALTER TABLE filing_forms DROP COLUMN deadline_kind`);
  }
}
