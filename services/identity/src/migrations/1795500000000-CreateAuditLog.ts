import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The append-only audit log. The trigger makes it so for every role that can write the table,
 * the application's included: a line, once written, can be neither changed nor removed (a
 * correction is a new line). Dropping the trigger needs the table's owner, which is a
 * migration's business, not the application's.
 */
export class CreateAuditLog1795500000000 implements MigrationInterface {
  name = 'CreateAuditLog1795500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE audit_log (
        id uuid NOT NULL,
        at timestamptz NOT NULL,
        actor_id uuid,
        actor_email text,
        action text NOT NULL,
        target text,
        client_ip text,
        request_id text,
        details jsonb NOT NULL DEFAULT '{}',
        CONSTRAINT audit_log_pkey PRIMARY KEY (id)
      )`);
    await queryRunner.query(`CREATE INDEX audit_log_at_idx ON audit_log (at)`);
    await queryRunner.query(`CREATE INDEX audit_log_actor_id_at_idx ON audit_log (actor_id, at)`);
    await queryRunner.query(`CREATE INDEX audit_log_action_at_idx ON audit_log (action, at)`);
    await queryRunner.query(`
      CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only()`);
    await queryRunner.query(`
      CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE audit_log`);
    await queryRunner.query(`DROP FUNCTION audit_log_is_append_only()`);
  }
}
