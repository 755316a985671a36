import type { SubmissionKind } from '@portal/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The answers of one questionnaire, sent with one invite code (at most one submission per
 * code: unique invite_code_id). Answers are a jsonb object whose keys are the spec's field
 * names, every question present (null when not asked or not answered); their shape is
 * checked by the DTOs on the way in.
 */
@Entity({ name: 'submissions' })
export class Submission {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'submissions_pkey' })
  id: string;

  @Column({ type: 'uuid' })
  inviteCodeId: string;

  @Column({ type: 'text' })
  kind: SubmissionKind;

  @Column({ type: 'jsonb' })
  answers: Record<string, string | null>;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  submittedAt: Date;
}
