import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether the account's password was chosen by whoever holds its mailbox: set through a reset link (mailed
 * to the address), created with ADMIN_PASSWORD, or changed from such a password by someone who knew it.
 * A password chosen at registration is anyone's who typed the address, even once its owner has verified
 * it with the mailed link: only such an account may become an admin (setAdmin). Existing admins keep
 * their standing.
 */
export class PasswordFromMailbox1796600000000 implements MigrationInterface {
  name = 'PasswordFromMailbox1796600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN password_from_mailbox boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`UPDATE users SET password_from_mailbox = true WHERE role = 'admin'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN password_from_mailbox`);
  }
}
