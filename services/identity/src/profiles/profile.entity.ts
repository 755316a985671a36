import {
  Column,
  CreateDateColumn,
  Entity,
  ForeignKey,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import type { Address } from '@portal/contracts';
import { User } from '../users/user.entity';

/** What a user tells about themselves beyond the account (one row per user). */
@Entity({ name: 'profiles' })
@Unique('profiles_user_id_key', ['userId'])
export class Profile {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'profiles_pkey' })
  id: string;

  @Column({ type: 'uuid' })
  @ForeignKey(() => User, { name: 'profiles_user_id_fkey', onDelete: 'CASCADE' })
  userId: string;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ type: 'text', nullable: true })
  company: string | null;

  @Column({ type: 'text', nullable: true })
  jobTitle: string | null;

  @Column({ type: 'jsonb', nullable: true })
  address: Address | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
