import { ApiHideProperty, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CANCEL_REASON_MAX_LENGTH,
  type CancelSubscriptionRequest,
  type CreateSubscriptionRequest,
  type UpdatePaymentMethodRequest,
} from '@portal/contracts';
import { BlankToNull, IntInRange, OptionalText, Trim } from '@portal/http';
import { Allow } from 'class-validator';
import { MESSAGES } from '../../common/messages';
import { PaymentMethodId, RequiredId } from '../../common/validators';

/** Larger requests are capped to the package's trial, not refused; this only keeps numbers sane. */
const MAX_TRIAL_REQUEST = 100_000;

export class CreateSubscriptionDto implements CreateSubscriptionRequest {
  @ApiProperty({ format: 'uuid', description: "The catalog's package; billed monthly at the catalog's price" })
  @RequiredId(MESSAGES.packageIdRequired)
  package_id: string;

  @ApiProperty({ example: 'pm_1Q0PsIJvEtkwdCNY' })
  @PaymentMethodId()
  payment_method_id: string;

  @ApiPropertyOptional({
    minimum: 0,
    example: 90,
    description: "Days asked for (1 means 30); capped to the package's Trial, granted once per package",
  })
  @IntInRange(0, MAX_TRIAL_REQUEST, MESSAGES.trialInvalid)
  trial_period_days?: number;

  /** Older clients sent the price: accepted and ignored (the catalog's price is charged). */
  @ApiHideProperty()
  @Allow()
  amount?: unknown;

  @ApiHideProperty()
  @Allow()
  price?: unknown;
}

export class CancelSubscriptionDto implements CancelSubscriptionRequest {
  @ApiPropertyOptional({ maxLength: CANCEL_REASON_MAX_LENGTH, example: 'We hired an in-house bookkeeper.' })
  @Trim()
  @BlankToNull()
  @OptionalText({
    maxLength: CANCEL_REASON_MAX_LENGTH,
    tooLong: MESSAGES.reasonTooLong,
    notText: MESSAGES.reasonNotText,
  })
  reason?: string | null;
}

export class UpdatePaymentMethodDto implements UpdatePaymentMethodRequest {
  @ApiProperty({ example: 'pm_1Q0PsIJvEtkwdCNY' })
  @PaymentMethodId()
  payment_method_id: string;
}
