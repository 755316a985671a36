import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { isISO8601, ValidateBy, ValidationArguments } from 'class-validator';
import {
  INVITE_DESCRIPTION_MAX_LENGTH,
  INVITE_ROUTES,
  type InviteCodeCheckReply,
  type InviteCodePageReply,
  type InviteCodeReply,
  type InviteRoute,
  type SaveInviteCodeRequest,
  type SendInviteCodeRequest,
} from '@portal/contracts';
import { FORM_MESSAGES } from '../../common/messages';
import { BlankToNull, Choice, IsEmailAddress, isBlank, OptionalText, Trim } from '@portal/http';

/** A code is a standing key to a questionnaire: it should not outlive the conversation it belongs to. */
export const MAX_EXPIRATION_DAYS = 365;

/** A time zone is required: `2026-11-24T14:00:00Z` or `...+01:00`, never a bare local time. */
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

export function parseExpiration(value: unknown): Date | undefined {
  if (typeof value !== 'string' || !WITH_OFFSET.test(value) || !isISO8601(value, { strict: true })) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function expirationProblem(value: unknown, now = Date.now()): string | undefined {
  if (isBlank(value)) return FORM_MESSAGES.expirationRequired;
  const date = parseExpiration(value);
  if (!date) return FORM_MESSAGES.expirationInvalid;
  if (date.getTime() <= now) return FORM_MESSAGES.expirationPast;
  if (date.getTime() > now + MAX_EXPIRATION_DAYS * 86_400_000) return FORM_MESSAGES.expirationTooFar;
  return undefined;
}

/** An ISO 8601 date and time with an offset, in the future, at most a year ahead. */
function IsFutureExpiration(): PropertyDecorator {
  return ValidateBy({
    name: 'isFutureExpiration',
    validator: {
      validate: (value: unknown) => expirationProblem(value) === undefined,
      defaultMessage: (args?: ValidationArguments) => expirationProblem(args?.value) ?? FORM_MESSAGES.expirationInvalid,
    },
  });
}

/** Creation and edit take the same fields (the web sends all three each time). */
export class SaveInviteCodeDto implements SaveInviteCodeRequest {
  @ApiProperty({ format: 'date-time', example: '2026-11-24T14:00:00Z', description: 'ISO 8601 with an offset' })
  @IsFutureExpiration()
  expiration_datetime: string;

  @ApiProperty({ enum: INVITE_ROUTES })
  @Trim()
  @Choice({ allowed: INVITE_ROUTES, required: FORM_MESSAGES.routeRequired, invalid: FORM_MESSAGES.routeInvalid })
  route: InviteRoute;

  @ApiPropertyOptional({ nullable: true, maxLength: INVITE_DESCRIPTION_MAX_LENGTH, example: 'Acme LLC, bookkeeping' })
  @Trim()
  @BlankToNull()
  @OptionalText({
    maxLength: INVITE_DESCRIPTION_MAX_LENGTH,
    tooLong: FORM_MESSAGES.descriptionTooLong,
    notText: FORM_MESSAGES.descriptionNotText,
  })
  description?: string | null;
}

export class SendInviteCodeDto implements SendInviteCodeRequest {
  @ApiProperty({ example: 'client@example.com' })
  @Trim()
  @IsEmailAddress({ required: FORM_MESSAGES.recipientRequired, invalid: FORM_MESSAGES.recipientInvalid })
  recipient_email: string;
}

export class InviteCodeResponse implements InviteCodeReply {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'K7M2-QX9D-4TRB-HF3W' })
  invite_code: string;

  @ApiProperty({ format: 'date-time' })
  expiration_datetime: string;

  @ApiProperty({ enum: INVITE_ROUTES })
  route: InviteRoute;

  @ApiProperty({ nullable: true, type: String })
  description: string | null;

  @ApiProperty()
  is_used: boolean;

  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  used_at: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'uuid', description: "The admin's user id" })
  created_by: string;

  @ApiProperty({ nullable: true, type: String })
  last_sent_to: string | null;

  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  last_sent_at: string | null;

  @ApiProperty()
  send_count: number;
}

export class InviteCodePage implements InviteCodePageReply {
  @ApiProperty({ type: [InviteCodeResponse] })
  items: InviteCodeResponse[];

  @ApiProperty()
  total: number;

  @ApiProperty()
  page: number;

  @ApiProperty()
  page_size: number;
}

/** What a visitor with the code learns: nothing private. */
export class InviteCodeValidationResponse implements InviteCodeCheckReply {
  @ApiProperty({ example: 'K7M2-QX9D-4TRB-HF3W' })
  invite_code: string;

  @ApiProperty({ enum: INVITE_ROUTES })
  route: InviteRoute;

  @ApiProperty({ format: 'date-time' })
  expiration_datetime: string;
}
