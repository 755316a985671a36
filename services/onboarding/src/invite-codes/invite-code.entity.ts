import type { InviteRoute } from '@portal/contracts';
import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from 'typeorm';

/**
 * A single-use code that opens one onboarding questionnaire without sign-in. Stored in its
 * canonical form (`K7M2-QX9D-4TRB-HF3W`, unique); usable while not used and not expired.
 * Once used it is never edited again: it is the key of the stored answers.
 */
@Entity({ name: 'invite_codes' })
@Unique('invite_codes_invite_code_key', ['inviteCode'])
@Check('invite_codes_invite_code_check', "invite_code ~ '^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$'")
@Check('invite_codes_route_check', "route IN ('/new-client', '/new-nonprofit-llc')")
@Check('invite_codes_description_check', 'char_length(description) <= 500')
@Check('invite_codes_used_check', 'is_used = (used_at IS NOT NULL)')
@Check('invite_codes_send_count_check', 'send_count >= 0')
// (created_at DESC, id DESC): TypeORM cannot declare a column's order; the migration defines it.
@Index('invite_codes_created_at_idx', { synchronize: false })
export class InviteCode {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'invite_codes_pkey' })
  id: string;

  @Column({ type: 'text' })
  inviteCode: string;

  @Column({ type: 'text' })
  route: InviteRoute;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'timestamptz' })
  expirationDatetime: Date;

  @Column({ type: 'boolean', default: false })
  isUsed: boolean;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  /** The admin's user id (identity's; no foreign key across schemas). */
  @Column({ type: 'uuid' })
  createdBy: string;

  @Column({ type: 'text', nullable: true })
  lastSentTo: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  lastSentAt: Date | null;

  @Column({ type: 'integer', default: 0 })
  sendCount: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
