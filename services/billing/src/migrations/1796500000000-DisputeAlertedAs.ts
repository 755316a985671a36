import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the staff were last told a dispute was: an inquiry (no money taken) or a chargeback. An inquiry the
 * bank escalates into a chargeback keeps its id and changes status: the staff are told again, once.
 */
export class DisputeAlertedAs1796500000000 implements MigrationInterface {
  name = 'DisputeAlertedAs1796500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE disputes ADD COLUMN alerted_as text NULL`);
    await queryRunner.query(
      `UPDATE disputes SET alerted_as = CASE WHEN status LIKE 'warning\\_%' THEN 'inquiry' ELSE 'chargeback' END
        WHERE alert_queued_at IS NOT NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE disputes ADD CONSTRAINT disputes_alerted_as_check
         CHECK ((alerted_as IS NULL) = (alert_queued_at IS NULL) AND alerted_as IN ('inquiry', 'chargeback'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE disputes DROP COLUMN alerted_as`);
  }
}
