import { ApiProperty } from '@nestjs/swagger';
import { SUBMISSION_KINDS, SubmissionKind } from '../submission.entity';
import { INVITE_ROUTES, InviteRoute } from '../../invite-codes/invite-code.entity';

export class SubmitOnboardingResponse {
  @ApiProperty({ example: 'Onboarding information submitted successfully!' })
  message: string;

  @ApiProperty({ format: 'uuid' })
  submission_id: string;
}

export class SubmissionResponse {
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

export class SubmissionPage {
  @ApiProperty({ type: [SubmissionResponse] })
  items: SubmissionResponse[];

  @ApiProperty()
  total: number;

  @ApiProperty()
  page: number;

  @ApiProperty()
  page_size: number;
}
