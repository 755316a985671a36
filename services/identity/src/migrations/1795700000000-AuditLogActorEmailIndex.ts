import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log searched by an actor's e-mail (GET /audit-log?actor=ann@example.com, any case) reads
 * an index on lower(actor_email), newest first, instead of the whole log.
 */
export class AuditLogActorEmailIndex1795700000000 implements MigrationInterface {
  name = 'AuditLogActorEmailIndex1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX audit_log_actor_email_at_idx ON audit_log (lower(actor_email), at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX audit_log_actor_email_at_idx`);
  }
}
