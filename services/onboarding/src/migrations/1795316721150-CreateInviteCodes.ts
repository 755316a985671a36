import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Invite codes and the questionnaires submitted with them. Answers are jsonb: two
 * questionnaires of different shapes, read whole (by staff, by the admin panel) and never
 * queried by field, whose questions may change; the DTOs validate them on the way in.
 */
export class CreateInviteCodes1795316721150 implements MigrationInterface {
  name = 'CreateInviteCodes1795316721150';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE invite_codes (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        invite_code text NOT NULL,
        route text NOT NULL,
        description text NULL,
        expiration_datetime timestamptz NOT NULL,
        is_used boolean NOT NULL DEFAULT false,
        used_at timestamptz NULL,
        created_by uuid NOT NULL,
        last_sent_to text NULL,
        last_sent_at timestamptz NULL,
        send_count integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT invite_codes_pkey PRIMARY KEY (id),
        CONSTRAINT invite_codes_invite_code_key UNIQUE (invite_code),
        CONSTRAINT invite_codes_invite_code_check
          CHECK (invite_code ~ '^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$'),
        CONSTRAINT invite_codes_route_check CHECK (route IN ('/new-client', '/new-nonprofit-llc')),
        CONSTRAINT invite_codes_description_check CHECK (char_length(description) <= 500),
        CONSTRAINT invite_codes_used_check CHECK (is_used = (used_at IS NOT NULL)),
        CONSTRAINT invite_codes_send_count_check CHECK (send_count >= 0)
      )`);
    await queryRunner.query(`CREATE INDEX invite_codes_created_at_idx ON invite_codes (created_at DESC, id DESC)`);

    await queryRunner.query(`
      CREATE TABLE submissions (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        invite_code_id uuid NOT NULL,
        kind text NOT NULL,
        answers jsonb NOT NULL,
        submitted_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT submissions_pkey PRIMARY KEY (id),
        CONSTRAINT submissions_invite_code_id_key UNIQUE (invite_code_id),
        CONSTRAINT submissions_invite_code_id_fkey FOREIGN KEY (invite_code_id) REFERENCES invite_codes (id),
        CONSTRAINT submissions_kind_check CHECK (kind IN ('bookkeeping', 'nonprofit')),
        CONSTRAINT submissions_answers_check CHECK (jsonb_typeof(answers) = 'object')
      )`);
    await queryRunner.query(`CREATE INDEX submissions_submitted_at_idx ON submissions (submitted_at DESC, id DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE submissions`);
    await queryRunner.query(`DROP TABLE invite_codes`);
  }
}
