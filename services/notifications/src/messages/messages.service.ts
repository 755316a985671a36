import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppConfig } from '@portal/config';
import { RESUME_FIELD, type CreateMessageReply, type CreateMessageRequest } from '@portal/contracts';
import { Outbox, QUEUES } from '@portal/events';
import { clientKey, RateLimiter } from '@portal/http';
import { DataSource } from 'typeorm';
import { RATE_LIMITS } from '../common/rate-limits';

export const MESSAGE_SENT = 'Your message has been sent successfully!';

/** A job application must bring its resume, which JSON cannot carry. */
export const APPLICATION_NEEDS_MULTIPART = `A job application is sent as multipart/form-data with the resume in the field "${RESUME_FIELD}".`;

@Injectable()
export class MessagesService {
  private readonly logger = new Logger(MessagesService.name);

  constructor(
    @InjectDataSource('notifications') private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly limiter: RateLimiter,
    private readonly config: AppConfig,
  ) {}

  /** Stores the message and queues the staff mail in one transaction: both or neither. */
  async create(dto: CreateMessageRequest, ip: string): Promise<CreateMessageReply> {
    if (dto.type === 'job_application') throw new BadRequestException({ detail: APPLICATION_NEEDS_MULTIPART });
    await this.limiter.consume(RATE_LIMITS.messagesPerIp, clientKey(ip));
    const type = dto.type ?? 'general';
    const id = await this.dataSource.transaction(async (manager) => {
      const [row] = (await manager.query(
        `INSERT INTO messages (name, email, phone, subject, type, source, message)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [dto.name, dto.email, dto.phone ?? null, dto.subject ?? null, type, dto.source ?? null, dto.message],
      )) as Array<{ id: string }>;
      await this.outbox.enqueue(manager, QUEUES.mail, 'template', {
        template: 'staff-message',
        to: this.config.STAFF_EMAIL,
        data: {
          name: dto.name,
          email: dto.email,
          phone: dto.phone,
          subject: dto.subject,
          type,
          source: dto.source,
          message: dto.message,
        },
      });
      return row.id;
    });
    this.logger.log(`message ${id} (${type}) stored; staff mail queued`);
    return { id, message: MESSAGE_SENT };
  }
}
