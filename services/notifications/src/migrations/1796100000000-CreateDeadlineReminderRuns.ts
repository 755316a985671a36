import { MigrationInterface, QueryRunner } from 'typeorm';

/** deadline_reminder_runs: the days reminder runs finished for, so the next run catches up since the last. */
export class CreateDeadlineReminderRuns1796100000000 implements MigrationInterface {
  name = 'CreateDeadlineReminderRuns1796100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE deadline_reminder_runs (
        run_for date NOT NULL,
        finished_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT deadline_reminder_runs_pkey PRIMARY KEY (run_for)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE deadline_reminder_runs`);
  }
}
