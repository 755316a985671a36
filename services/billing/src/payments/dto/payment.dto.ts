import { ApiHideProperty, ApiProperty } from '@nestjs/swagger';
import type { FormPaymentRequest, ServicePaymentRequest } from '@portal/contracts';
import { Allow } from 'class-validator';
import { PaymentMethodId, RequiredId } from '../../common/validators';
import { MESSAGES } from '../../common/messages';

/**
 * What older clients sent beside the ids (an amount, a price, a currency): accepted and ignored, as the
 * charge is always the catalog's price.
 */
class IgnoresClientAmounts {
  @ApiHideProperty()
  @Allow()
  amount?: unknown;

  @ApiHideProperty()
  @Allow()
  price?: unknown;

  @ApiHideProperty()
  @Allow()
  currency?: unknown;
}

export class ServicePaymentDto extends IgnoresClientAmounts implements ServicePaymentRequest {
  @ApiProperty({ format: 'uuid', description: "The catalog's service; it is charged at the catalog's price" })
  @RequiredId(MESSAGES.serviceIdRequired)
  service_id: string;

  @ApiProperty({ example: 'pm_1Q0PsIJvEtkwdCNY' })
  @PaymentMethodId()
  payment_method_id: string;
}

export class FormPaymentDto extends IgnoresClientAmounts implements FormPaymentRequest {
  @ApiProperty({ format: 'uuid', description: 'The filing form; it is charged at its estimated fee' })
  @RequiredId(MESSAGES.formIdRequired)
  form_id: string;

  @ApiProperty({ example: 'pm_1Q0PsIJvEtkwdCNY' })
  @PaymentMethodId()
  payment_method_id: string;
}
