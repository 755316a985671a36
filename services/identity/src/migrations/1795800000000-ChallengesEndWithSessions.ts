import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A two-factor challenge (the password step's answer) ends with the sessions of its account: whatever
 * raises `users.session_version` — a password change or reset, "sign out everywhere", two-factor turned
 * on or off, a demotion — also invalidates the account's outstanding challenges, in the same
 * transaction. Otherwise a challenge obtained with the old password would still sign in after the
 * owner reset it. A trigger, so that no path that ends sessions can forget it.
 */
export class ChallengesEndWithSessions1795800000000 implements MigrationInterface {
  name = 'ChallengesEndWithSessions1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION end_two_factor_challenges() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE user_tokens SET invalidated_at = now()
         WHERE user_id = NEW.id AND purpose = 'two-factor-challenge' AND used_at IS NULL AND invalidated_at IS NULL;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER users_session_version_ends_challenges AFTER UPDATE OF session_version ON users
      FOR EACH ROW WHEN (NEW.session_version IS DISTINCT FROM OLD.session_version)
      EXECUTE FUNCTION end_two_factor_challenges()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER users_session_version_ends_challenges ON users`);
    await queryRunner.query(`DROP FUNCTION end_two_factor_challenges()`);
  }
}
