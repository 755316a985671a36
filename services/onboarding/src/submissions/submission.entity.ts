import type { SubmissionKind } from '@portal/contracts';
import { Check, Column, Entity, ForeignKey, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { InviteCode } from '../invite-codes/invite-code.entity';

/**
 * The answers of one questionnaire, sent with one invite code (at most one submission per
 * code: unique invite_code_id). Answers are a jsonb object whose keys are the spec's field
 * names, every question present (null when not asked or not answered); their shape is
 * checked by the DTOs on the way in.
 */
@Entity({ name: 'submissions' })
@Unique('submissions_invite_code_id_key', ['inviteCodeId'])
@Check('submissions_kind_check', "kind IN ('bookkeeping', 'nonprofit')")
@Check('submissions_answers_check', "jsonb_typeof(answers) = 'object'")
// (submitted_at DESC, id DESC): TypeORM cannot declare a column's order; the migration defines it.
@Index('submissions_submitted_at_idx', { synchronize: false })
export class Submission {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'submissions_pkey' })
  id: string;

  @Column({ type: 'uuid' })
  @ForeignKey(() => InviteCode, { name: 'submissions_invite_code_id_fkey' })
  inviteCodeId: string;

  @Column({ type: 'text' })
  kind: SubmissionKind;

  @Column({ type: 'jsonb' })
  answers: Record<string, string | null>;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  submittedAt: Date;
}
