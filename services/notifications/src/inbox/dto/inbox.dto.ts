import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import {
  INBOX_KINDS,
  INBOX_SOURCES,
  INBOX_STATES,
  SUBSCRIBER_LISTS,
  type InboxItemReply,
  type InboxKind,
  type InboxPageReply,
  type InboxQuery,
  type InboxSource,
  type InboxState,
  type MarkHandledRequest,
  type ResumeInfo,
  type SubscriberExportQuery,
  type SubscriberList,
} from '@portal/contracts';
import { CursorQueryDto } from '@portal/http';

export class InboxQueryDto extends CursorQueryDto implements InboxQuery {
  @ApiPropertyOptional({ enum: INBOX_KINDS, description: 'Every kind when left out' })
  @IsOptional()
  @IsIn(INBOX_KINDS, { message: `kind must be one of ${INBOX_KINDS.join(', ')}` })
  kind?: InboxKind;

  @ApiPropertyOptional({ enum: INBOX_STATES, default: 'all' })
  @IsOptional()
  @IsIn(INBOX_STATES, { message: `state must be one of ${INBOX_STATES.join(', ')}` })
  state?: InboxState;
}

export class MarkHandledDto implements MarkHandledRequest {
  @ApiProperty({ description: 'true: handled; false: open again' })
  @IsBoolean({ message: 'handled must be true or false' })
  handled: boolean;
}

export class SubscriberExportQueryDto implements SubscriberExportQuery {
  @ApiProperty({ enum: SUBSCRIBER_LISTS })
  @IsIn(SUBSCRIBER_LISTS, { message: `list must be one of ${SUBSCRIBER_LISTS.join(', ')}` })
  list: SubscriberList;
}

class ResumeInfoResponse implements ResumeInfo {
  @ApiProperty({ example: 'Jane Doe CV.pdf' })
  file_name: string;

  @ApiProperty({ example: 48213 })
  size: number;

  @ApiProperty({ example: 'application/pdf' })
  content_type: string;
}

export class InboxItemResponse implements InboxItemReply {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: INBOX_SOURCES })
  source: InboxSource;

  @ApiProperty({ enum: INBOX_KINDS })
  kind: InboxKind;

  @ApiProperty({ format: 'date-time' })
  received_at: string;

  @ApiProperty()
  email: string;

  @ApiProperty({ type: String, nullable: true })
  name: string | null;

  @ApiProperty({ type: String, nullable: true })
  phone: string | null;

  @ApiProperty({ type: String, nullable: true })
  subject: string | null;

  @ApiProperty({ type: String, nullable: true })
  message: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'website_careers_page' })
  origin: string | null;

  @ApiProperty({ type: String, nullable: true })
  position: string | null;

  @ApiProperty({ type: String, nullable: true })
  linkedin: string | null;

  @ApiProperty({ type: ResumeInfoResponse, nullable: true })
  resume: ResumeInfo | null;

  @ApiProperty({ enum: ['subscribed', 'unsubscribed'], nullable: true })
  subscription_status: 'subscribed' | 'unsubscribed' | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  handled_at: string | null;
}

export class InboxPage implements InboxPageReply {
  @ApiProperty({ type: [InboxItemResponse] })
  items: InboxItemReply[];

  @ApiProperty({ description: 'Items matching the filters now' })
  total: number;

  @ApiProperty({ type: String, nullable: true, description: '`before` of the next page; null on the last page' })
  next_cursor: string | null;
}
