import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../users/user.entity';

/**
 * One sign-in: the access token it issued carries its id (`sid`). Listed on /settings while the
 * token can still work (not expired, not ended, session version still current).
 */
@Entity({ name: 'sessions' })
@Index('sessions_user_id_expires_at_idx', ['userId', 'expiresAt'])
export class Session {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'sessions_pkey' })
  id: string;

  @Column({ type: 'uuid' })
  @ForeignKey(() => User, { name: 'sessions_user_id_fkey', onDelete: 'CASCADE' })
  userId: string;

  /** The user's session version when it was issued: raising that version ends it. */
  @Column({ type: 'integer' })
  sessionVersion: number;

  @Column({ type: 'text', nullable: true })
  clientIp: string | null;

  @Column({ type: 'text', nullable: true })
  userAgent: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** When its access token expires. */
  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  /** When it was signed out on its own (Sign Out, or from /settings); its token is refused from then on. */
  @Column({ type: 'timestamptz', nullable: true })
  endedAt: Date | null;
}
