import type { MessageType } from '@portal/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A visitor's message to the staff (contact page, Send Us a Message / Book a Call, perk form). */
@Entity({ name: 'messages' })
export class ContactMessage {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'messages_pkey' })
  id: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', nullable: true })
  phone: string | null;

  @Column({ type: 'text', nullable: true })
  subject: string | null;

  @Column({ type: 'text', default: 'general' })
  type: MessageType;

  /** Where it was sent from, e.g. website_contact_page. */
  @Column({ type: 'text', nullable: true })
  source: string | null;

  @Column({ type: 'text' })
  message: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
