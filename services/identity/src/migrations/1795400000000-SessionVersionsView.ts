import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What every service's auth guard reads to refuse revoked sessions (libs/auth
 * SessionRevocation): each user's current session version, read-only, and nothing else.
 */
export class SessionVersionsView1795400000000 implements MigrationInterface {
  name = 'SessionVersionsView1795400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE VIEW session_versions_readonly AS SELECT id AS user_id, session_version FROM users`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP VIEW session_versions_readonly`);
  }
}
