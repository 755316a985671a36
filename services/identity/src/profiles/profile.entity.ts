import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Address } from '@portal/contracts';

/** What a user tells about themselves beyond the account (one row per user). */
@Entity({ name: 'profiles' })
export class Profile {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'profiles_pkey' })
  id: string;

  @Column({ type: 'uuid' })
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
