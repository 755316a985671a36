import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One mail job handed to the transport; a job id found here is never sent again. */
@Entity({ name: 'mail_deliveries' })
export class MailDelivery {
  /** BullMQ job id (the outbox id for jobs written through the outbox). */
  @PrimaryColumn({ type: 'text', primaryKeyConstraintName: 'mail_deliveries_pkey' })
  jobId: string;

  /** Message-ID header, without angle brackets. */
  @Column({ type: 'text' })
  messageId: string;

  @Column({ type: 'text' })
  transport: string;

  /** The transport's id: file name or SES MessageId. */
  @Column({ type: 'text', nullable: true })
  providerId: string | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  deliveredAt: Date;
}
