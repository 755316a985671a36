import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One sign-in can end on its own (Sign Out, or "sign out" of one row on /settings): `ended_at`. The
 * guards' read-only view also answers, per user, the sessions that ended while their tokens can still
 * be presented (not yet expired), so that a guard whose cache lost them refuses them all the same.
 */
export class SessionsEndOneByOne1796000000000 implements MigrationInterface {
  name = 'SessionsEndOneByOne1796000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE sessions ADD COLUMN ended_at timestamptz`);
    await queryRunner.query(`
      CREATE OR REPLACE VIEW session_versions_readonly AS
      SELECT u.id AS user_id, u.session_version,
             ARRAY(SELECT s.id FROM sessions s
                    WHERE s.user_id = u.id AND s.ended_at IS NOT NULL AND s.expires_at > now()) AS ended_sessions
        FROM users u`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP VIEW session_versions_readonly`);
    await queryRunner.query(
      `CREATE VIEW session_versions_readonly AS SELECT id AS user_id, session_version FROM users`,
    );
    await queryRunner.query(`ALTER TABLE sessions DROP COLUMN ended_at`);
  }
}
