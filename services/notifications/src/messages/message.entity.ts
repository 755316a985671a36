import type { MessageType } from '@portal/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A visitor's message to the staff (contact page, Send Us a Message / Book a Call, perk form). */
@Entity({ name: 'messages' })
@Check('messages_type_check', "type IN ('contact_form', 'job_application', 'perk_provider', 'book_call', 'general')")
@Check(
  'messages_length_check',
  'char_length(name) <= 200 AND char_length(message) <= 5000 AND char_length(email) <= 254',
)
// (created_at DESC): TypeORM cannot declare a column's order; the migration defines it.
@Index('messages_created_at_idx', { synchronize: false })
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
