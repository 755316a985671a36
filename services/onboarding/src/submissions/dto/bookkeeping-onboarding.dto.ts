import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ANSWER_LIMITS as LIMITS,
  BOOKKEEPING_CHOICES as CHOICES,
  BOOKKEEPING_LABELS as LABELS,
  type BookkeepingOnboardingRequest,
} from '@portal/contracts';
import { ANSWER_MESSAGES } from '../../common/messages';
import {
  AnswerCondition,
  BlankToNull,
  Choice,
  IsEmailAddress,
  NotAskedWhen,
  OptionalText,
  RequiredText,
  Trim,
} from '@portal/http';

// The form's conditional questions (spec part 1, section 4), as the server applies them.
const softwareUsed: AnswerCondition = (body) => body.accounting_software_use === 'Yes';
const softwareNotUsed: AnswerCondition = (body) => body.accounting_software_use === 'No';
const hasPayrollProvider: AnswerCondition = (body) => body.payroll_provider === 'Yes';
const noPayrollProvider: AnswerCondition = (body) =>
  body.payroll_provider === 'No' || body.payroll_provider === 'Will need one';

const required = (field: keyof typeof LABELS, maxLength: number, when?: AnswerCondition) =>
  RequiredText({
    required: ANSWER_MESSAGES.required(LABELS[field]),
    maxLength,
    tooLong: ANSWER_MESSAGES.tooLong(LABELS[field], maxLength),
    when,
  });

const choice = (field: keyof typeof CHOICES, when?: AnswerCondition) =>
  Choice({
    allowed: CHOICES[field],
    required: ANSWER_MESSAGES.required(LABELS[field]),
    invalid: ANSWER_MESSAGES.oneOf(LABELS[field], CHOICES[field]),
    when,
  });

const notAsked = (field: keyof typeof LABELS, hiddenWhen: AnswerCondition, condition: string) =>
  NotAskedWhen(hiddenWhen, ANSWER_MESSAGES.notAsked(LABELS[field], field, condition));

/** A count typed in a number field may arrive as a number; it is text like "3" or "5-10". */
const NumberToText = () =>
  Transform(({ value }: { value: unknown }) => (typeof value === 'number' ? String(value) : value));

/**
 * The 'Bookkeeping Client Onboarding Questionnaire'. Questions the form hides may come
 * empty (blank or null) but never with a value.
 */
export class BookkeepingOnboardingDto implements BookkeepingOnboardingRequest {
  @ApiProperty({ maxLength: LIMITS.company_name, example: 'Acme LLC' })
  @Trim()
  @required('company_name', LIMITS.company_name)
  company_name: string;

  @ApiProperty({ enum: CHOICES.accounting_software_use })
  @Trim()
  @choice('accounting_software_use')
  accounting_software_use: string;

  @ApiPropertyOptional({
    nullable: true,
    maxLength: LIMITS.accounting_software_name,
    description: 'Optional; only when accounting_software_use is Yes',
  })
  @Trim()
  @BlankToNull()
  @notAsked('accounting_software_name', softwareNotUsed, 'accounting_software_use is Yes')
  @OptionalText({
    maxLength: LIMITS.accounting_software_name,
    tooLong: ANSWER_MESSAGES.tooLong(LABELS.accounting_software_name, LIMITS.accounting_software_name),
    notText: ANSWER_MESSAGES.notText(LABELS.accounting_software_name),
  })
  accounting_software_name?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    enum: CHOICES.add_team_to_software,
    description: 'Required when accounting_software_use is Yes; empty otherwise',
  })
  @Trim()
  @BlankToNull()
  @notAsked('add_team_to_software', softwareNotUsed, 'accounting_software_use is Yes')
  @choice('add_team_to_software', softwareUsed)
  add_team_to_software?: string | null;

  @ApiPropertyOptional({
    nullable: true,
    enum: CHOICES.setup_on_our_system,
    description: 'Required when accounting_software_use is No; empty otherwise',
  })
  @Trim()
  @BlankToNull()
  @notAsked('setup_on_our_system', softwareUsed, 'accounting_software_use is No')
  @choice('setup_on_our_system', softwareNotUsed)
  setup_on_our_system?: string | null;

  @ApiProperty({ maxLength: LIMITS.bank_accounts_count, example: '3' })
  @NumberToText()
  @Trim()
  @required('bank_accounts_count', LIMITS.bank_accounts_count)
  bank_accounts_count: string;

  @ApiProperty({ enum: CHOICES.report_frequency })
  @Trim()
  @choice('report_frequency')
  report_frequency: string;

  @ApiProperty({ enum: CHOICES.payroll_provider })
  @Trim()
  @choice('payroll_provider')
  payroll_provider: string;

  @ApiPropertyOptional({
    nullable: true,
    maxLength: LIMITS.payroll_provider_name,
    description: 'Required when payroll_provider is Yes; empty otherwise',
  })
  @Trim()
  @BlankToNull()
  @notAsked('payroll_provider_name', noPayrollProvider, 'payroll_provider is Yes')
  @required('payroll_provider_name', LIMITS.payroll_provider_name, hasPayrollProvider)
  payroll_provider_name?: string | null;

  @ApiProperty({ enum: CHOICES.invoicing_help })
  @Trim()
  @choice('invoicing_help')
  invoicing_help: string;

  @ApiProperty({ maxLength: LIMITS.report_email, example: 'owner@acme.example' })
  @Trim()
  @IsEmailAddress({
    required: ANSWER_MESSAGES.required(LABELS.report_email),
    invalid: ANSWER_MESSAGES.email(LABELS.report_email),
  })
  report_email: string;
}
