import type { MessageType } from '@portal/contracts';
import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * A visitor's message to the staff (contact page, Send Us a Message / Book a Call, perk form), or a job
 * application with its resume: the file is in file storage under `resumeKey`, never in the database.
 */
@Entity({ name: 'messages' })
@Unique('messages_resume_key_key', ['resumeKey'])
@Check('messages_type_check', "type IN ('contact_form', 'job_application', 'perk_provider', 'book_call', 'general')")
@Check(
  'messages_length_check',
  'char_length(name) <= 200 AND char_length(message) <= 5000 AND char_length(email) <= 254',
)
@Check(
  'messages_resume_check',
  `(resume_key IS NULL AND resume_file_name IS NULL AND resume_content_type IS NULL
             AND resume_size IS NULL AND resume_sha256 IS NULL)
          OR (resume_key IS NOT NULL AND resume_file_name IS NOT NULL AND resume_content_type IS NOT NULL
             AND resume_size > 0 AND resume_sha256 IS NOT NULL)`,
)
@Check('messages_application_check', `(type = 'job_application') = (resume_key IS NOT NULL AND position IS NOT NULL)`)
@Check(
  'messages_intake_length_check',
  'char_length(position) <= 200 AND char_length(linkedin) <= 500 AND char_length(resume_file_name) <= 255',
)
@Check('messages_handled_check', 'handled_by IS NULL OR handled_at IS NOT NULL')
// The staff inbox's pages, (created_at DESC, id DESC), and the same over open items only (WHERE handled_at IS
// NULL): TypeORM cannot declare a column's order; the migration InboxKeysetIndexes defines them.
@Index('messages_created_at_id_idx', { synchronize: false })
@Index('messages_open_idx', { synchronize: false })
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

  /** A job application's position (one of APPLICATION_POSITIONS). */
  @Column({ type: 'text', nullable: true })
  position: string | null;

  @Column({ type: 'text', nullable: true })
  linkedin: string | null;

  /** Storage key of the resume: made by the server (`resumes/<message id>`), never from the file name. */
  @Column({ type: 'text', nullable: true })
  resumeKey: string | null;

  /** The name the applicant's file had (cleaned), offered again on download. */
  @Column({ type: 'text', nullable: true })
  resumeFileName: string | null;

  /** Decided by the server from the file's first bytes, not the browser's claim. */
  @Column({ type: 'text', nullable: true })
  resumeContentType: string | null;

  @Column({ type: 'integer', nullable: true })
  resumeSize: number | null;

  @Column({ type: 'text', nullable: true })
  resumeSha256: string | null;

  /** Marked handled in the staff inbox. */
  @Column({ type: 'timestamptz', nullable: true })
  handledAt: Date | null;

  /** The admin who marked it. */
  @Column({ type: 'uuid', nullable: true })
  handledBy: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
