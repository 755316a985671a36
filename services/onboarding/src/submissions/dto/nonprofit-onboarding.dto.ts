import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateBy } from 'class-validator';
import {
  ANSWER_LIMITS as LIMITS,
  EIN_PATTERN,
  NONPROFIT_LABELS as LABELS,
  type NonprofitOnboardingRequest,
} from '@portal/contracts';
import { ANSWER_MESSAGES } from '../../common/messages';
import { BlankToNull, RequiredText, Trim } from '@portal/http';

/** An EIN as the IRS writes it (12-3456789), whether or not it was typed with the dash. */
export function formatEin(ein: string): string {
  return ein.replace(EIN_PATTERN, '$1-$2');
}

/** The 'Non-Profit LLC Formation Questionnaire'. */
export class NonprofitOnboardingDto implements NonprofitOnboardingRequest {
  @ApiProperty({ maxLength: LIMITS.non_profit_name, example: 'Helping Hands LLC' })
  @Trim()
  @RequiredText({
    required: ANSWER_MESSAGES.required(LABELS.non_profit_name),
    maxLength: LIMITS.non_profit_name,
    tooLong: ANSWER_MESSAGES.tooLong(LABELS.non_profit_name, LIMITS.non_profit_name),
  })
  non_profit_name: string;

  @ApiPropertyOptional({ nullable: true, example: '12-3456789', description: '9 digits, the dash optional' })
  @Trim()
  @BlankToNull()
  @ValidateBy({
    name: 'isEin',
    validator: {
      validate: (value: unknown) =>
        value === undefined || value === null || (typeof value === 'string' && EIN_PATTERN.test(value)),
      defaultMessage: () => ANSWER_MESSAGES.ein,
    },
  })
  ein_number?: string | null;

  @ApiProperty({ maxLength: LIMITS.state_of_formation, example: 'Delaware' })
  @Trim()
  @RequiredText({
    required: ANSWER_MESSAGES.required(LABELS.state_of_formation),
    maxLength: LIMITS.state_of_formation,
    tooLong: ANSWER_MESSAGES.tooLong(LABELS.state_of_formation, LIMITS.state_of_formation),
  })
  state_of_formation: string;
}
