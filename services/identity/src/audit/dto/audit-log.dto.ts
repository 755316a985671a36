import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  AUDIT_ACTIONS,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type AuditAction,
  type AuditEntry,
  type AuditLogPage,
  type AuditLogQuery,
  type SecurityEventsReply,
} from '@portal/contracts';
import { BlankToUndefined, IntInRange, OptionalText, ToInt, Trim } from '@portal/http';
import { ValidateBy, type ValidationArguments } from 'class-validator';
import { isDay } from '../audit-log-query';

export const AUDIT_LOG_MESSAGES = {
  pageInvalid: 'page must be a whole number of at least 1',
  pageSizeInvalid: `page_size must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
  actorTooLong: 'actor must be at most 254 characters long',
  actorNotText: 'actor must be text',
  actionInvalid: 'action must be one of the audit log’s actions',
  fromInvalid: 'from must be a date written YYYY-MM-DD',
  toInvalid: 'to must be a date written YYYY-MM-DD',
  rangeInvalid: 'from must not be after to',
} as const;

/** An optional day 'YYYY-MM-DD' (UTC); `notBefore` names the field it may not precede. */
function OptionalDay(message: string, notBefore?: 'from'): PropertyDecorator {
  return ValidateBy({
    name: 'optionalDay',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => {
        if (value === undefined) return true;
        if (typeof value !== 'string' || !isDay(value)) return false;
        const start = notBefore && (args?.object as Record<string, unknown>)[notBefore];
        return typeof start !== 'string' || !isDay(start) || start <= value;
      },
      defaultMessage: (args?: ValidationArguments) =>
        typeof args?.value === 'string' && isDay(args.value) ? AUDIT_LOG_MESSAGES.rangeInvalid : message,
    },
  });
}

/** GET /audit-log and /audit-log.csv: the filters and the page. */
export class AuditLogQueryDto implements AuditLogQuery {
  @ApiPropertyOptional({ description: "An actor's e-mail (any case, exact) or id" })
  @Trim()
  @BlankToUndefined()
  @OptionalText({
    maxLength: 254,
    tooLong: AUDIT_LOG_MESSAGES.actorTooLong,
    notText: AUDIT_LOG_MESSAGES.actorNotText,
  })
  actor?: string;

  @ApiPropertyOptional({ enum: AUDIT_ACTIONS })
  @BlankToUndefined()
  @ValidateBy({
    name: 'auditAction',
    validator: {
      validate: (value: unknown) =>
        value === undefined || (typeof value === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(value)),
      defaultMessage: () => AUDIT_LOG_MESSAGES.actionInvalid,
    },
  })
  action?: AuditAction;

  @ApiPropertyOptional({ format: 'date', description: 'First day, UTC, included' })
  @BlankToUndefined()
  @OptionalDay(AUDIT_LOG_MESSAGES.fromInvalid)
  from?: string;

  @ApiPropertyOptional({ format: 'date', description: 'Last day, UTC, included' })
  @BlankToUndefined()
  @OptionalDay(AUDIT_LOG_MESSAGES.toInvalid, 'from')
  to?: string;

  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @ToInt()
  @IntInRange(1, 1_000_000, AUDIT_LOG_MESSAGES.pageInvalid)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE })
  @ToInt()
  @IntInRange(1, MAX_PAGE_SIZE, AUDIT_LOG_MESSAGES.pageSizeInvalid)
  page_size?: number;
}

export class AuditEntryResponse implements AuditEntry {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'date-time' })
  at: string;

  @ApiProperty({ format: 'uuid', nullable: true, type: String })
  actor_id: string | null;

  @ApiProperty({ nullable: true, type: String, description: "The actor's e-mail at the time" })
  actor_email: string | null;

  @ApiProperty({ enum: AUDIT_ACTIONS })
  action: AuditAction;

  @ApiProperty({ nullable: true, type: String, example: 'invite_code:6f1c…' })
  target: string | null;

  @ApiProperty({ nullable: true, type: String })
  client_ip: string | null;

  @ApiProperty({ nullable: true, type: String })
  request_id: string | null;

  @ApiProperty({ type: 'object', additionalProperties: true })
  details: AuditEntry['details'];
}

export class AuditLogPageResponse implements AuditLogPage {
  @ApiProperty({ type: [AuditEntryResponse] })
  items: AuditEntryResponse[];

  @ApiProperty()
  total: number;

  @ApiProperty()
  page: number;

  @ApiProperty()
  page_size: number;
}

export class SecurityEventsResponse implements SecurityEventsReply {
  @ApiProperty({ type: [AuditEntryResponse] })
  items: AuditEntryResponse[];
}
