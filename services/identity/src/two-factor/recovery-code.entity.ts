import { Column, CreateDateColumn, Entity, ForeignKey, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { User } from '../users/user.entity';

/** One of an account's ten single-use recovery codes; only its hash is kept (see recovery-codes.ts). */
@Entity({ name: 'recovery_codes' })
@Unique('recovery_codes_code_hash_key', ['codeHash'])
@Index('recovery_codes_user_id_idx', ['userId'])
export class RecoveryCode {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'recovery_codes_pkey' })
  id: string;

  @Column({ type: 'uuid' })
  @ForeignKey(() => User, { name: 'recovery_codes_user_id_fkey', onDelete: 'CASCADE' })
  userId: string;

  /** Hex HMAC-SHA-256 of the user id and the normalised code (plain SHA-256 on older rows; RecoveryCodeHasher). */
  @Column({ type: 'text' })
  codeHash: string;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
