import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsUrl, MaxLength } from 'class-validator';
import {
  APPLICATION_POSITIONS,
  JOB_APPLICATION_SOURCE,
  MESSAGE_LIMITS,
  RESUME_FIELD,
  RESUME_MAX_LABEL,
  type JobApplicationFields,
} from '@portal/contracts';
import {
  BlankToUndefined,
  Choice,
  EMAIL_MAX_LENGTH,
  IsEmailAddress,
  IsOptionalPhone,
  RequiredText,
  Trim,
  textMessages,
} from '@portal/http';

export const APPLICATION_LIMITS = { phone: 40, linkedin: 500 } as const;

export const APPLICATION_MESSAGES = {
  linkedinInvalid: 'LinkedIn must be a web address such as https://www.linkedin.com/in/your-name',
  positionRequired: 'Position is required',
  positionInvalid: `Position must be one of: ${APPLICATION_POSITIONS.join(', ')}`,
  typeInvalid: 'Type must be job_application',
  sourceInvalid: `Source must be ${JOB_APPLICATION_SOURCE}`,
  resumeRequired: `Resume is required: attach a PDF, Word, PowerPoint or TXT file of at most ${RESUME_MAX_LABEL}`,
  resumeTooLarge: `The resume is larger than ${RESUME_MAX_LABEL}. Please upload a smaller file.`,
} as const;

/**
 * The text fields of a job application (multipart POST /messages/ with type=job_application); the
 * resume travels in the same body, in the file field `resume`.
 */
export class JobApplicationDto implements JobApplicationFields {
  @ApiProperty({ example: 'Jane Doe', maxLength: MESSAGE_LIMITS.name })
  @Trim()
  @RequiredText(textMessages('Name', MESSAGE_LIMITS.name))
  name: string;

  @ApiProperty({ example: 'jane@example.com', maxLength: EMAIL_MAX_LENGTH })
  @Trim()
  @IsEmailAddress()
  email: string;

  @ApiProperty({ example: '+1 (919) 555-0142' })
  @Trim()
  @BlankToUndefined()
  @RequiredText(textMessages('Phone', APPLICATION_LIMITS.phone))
  @IsOptionalPhone()
  phone: string;

  @ApiPropertyOptional({ example: 'https://www.linkedin.com/in/janedoe', maxLength: APPLICATION_LIMITS.linkedin })
  @Trim()
  @BlankToUndefined()
  @IsOptional()
  @MaxLength(APPLICATION_LIMITS.linkedin, { message: APPLICATION_MESSAGES.linkedinInvalid })
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: true },
    { message: APPLICATION_MESSAGES.linkedinInvalid },
  )
  linkedin?: string;

  @ApiProperty({ example: 'Ten years in public accounting.', maxLength: MESSAGE_LIMITS.message })
  // Multipart text fields arrive with CRLF line breaks (the HTML form rules); stored as the JSON forms' LF.
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value))
  @RequiredText(textMessages('Message', MESSAGE_LIMITS.message))
  message: string;

  @ApiProperty({ enum: APPLICATION_POSITIONS })
  @Trim()
  @Choice({
    allowed: APPLICATION_POSITIONS,
    required: APPLICATION_MESSAGES.positionRequired,
    invalid: APPLICATION_MESSAGES.positionInvalid,
  })
  position: string;

  @ApiProperty({ enum: ['job_application'] })
  @Choice({
    allowed: ['job_application'],
    required: APPLICATION_MESSAGES.typeInvalid,
    invalid: APPLICATION_MESSAGES.typeInvalid,
  })
  type: 'job_application';

  @ApiPropertyOptional({ enum: [JOB_APPLICATION_SOURCE], default: JOB_APPLICATION_SOURCE })
  @Trim()
  @BlankToUndefined()
  @IsOptional()
  @IsIn([JOB_APPLICATION_SOURCE], { message: APPLICATION_MESSAGES.sourceInvalid })
  source?: typeof JOB_APPLICATION_SOURCE;
}

/** The whole multipart body, for the API documentation. */
export class JobApplicationForm extends JobApplicationDto {
  @ApiProperty({
    name: RESUME_FIELD,
    type: 'string',
    format: 'binary',
    description: `PDF, Word (doc, docx), PowerPoint (ppt, pptx) or plain text, at most ${RESUME_MAX_LABEL}; checked by extension and content`,
  })
  resume: unknown;
}
