import { ApiProperty } from '@nestjs/swagger';
import {
  INVITE_ROUTES,
  SUBMISSION_KINDS,
  type InviteRoute,
  type SubmissionKind,
  type SubmissionPageReply,
  type SubmissionReply,
  type SubmitOnboardingReply,
} from '@portal/contracts';

export class SubmitOnboardingResponse implements SubmitOnboardingReply {
  @ApiProperty({ example: 'Onboarding information submitted successfully!' })
  message: string;

  @ApiProperty({ format: 'uuid' })
  submission_id: string;
}

export class SubmissionResponse implements SubmissionReply {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: SUBMISSION_KINDS })
  kind: SubmissionKind;

  @ApiProperty({ example: 'K7M2-QX9D-4TRB-HF3W' })
  invite_code: string;

  @ApiProperty({ enum: INVITE_ROUTES })
  route: InviteRoute;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', nullable: true },
    description: "The questionnaire's fields, every one present; null when not asked or left empty",
  })
  answers: Record<string, string | null>;

  @ApiProperty({ format: 'date-time' })
  submitted_at: string;
}

export class SubmissionPage implements SubmissionPageReply {
  @ApiProperty({ type: [SubmissionResponse] })
  items: SubmissionResponse[];

  @ApiProperty()
  total: number;

  @ApiProperty()
  page: number;

  @ApiProperty()
  page_size: number;
}
