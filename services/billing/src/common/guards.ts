import {
  applyDecorators,
  BadRequestException,
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  ForbiddenException,
  Injectable,
  ServiceUnavailableException,
  UseGuards,
} from '@nestjs/common';
import { ApiForbiddenResponse, ApiHeader, ApiServiceUnavailableResponse } from '@nestjs/swagger';
import type { AuthUser } from '@portal/auth';
import { AppConfig } from '@portal/config';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@portal/contracts';
import { ErrorResponse } from '@portal/http';
import { MESSAGES } from './messages';

export const UNVERIFIED = 'Please verify your e-mail address before making a payment.';

/** Payments go to verified accounts only: receipts and renewal notices must reach their owner. */
@Injectable()
export class VerifiedUserGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (!user?.isVerified) throw new ForbiddenException({ detail: UNVERIFIED });
    return true;
  }
}

/** Routes that create or change a payment, card or subscription answer 503 while Stripe has no keys. */
@Injectable()
export class PaymentsConfiguredGuard implements CanActivate {
  constructor(private readonly config: AppConfig) {}

  canActivate(): boolean {
    if (!this.config.paymentsConfigured) throw new ServiceUnavailableException({ detail: MESSAGES.notConfigured });
    return true;
  }
}

/**
 * A route that creates or changes a payment, a card or a subscription: after the token check (the global
 * guard, 401), a verified e-mail (403), then Stripe keys (503), then the body (400).
 */
export function ChangesPayments(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    UseGuards(VerifiedUserGuard, PaymentsConfiguredGuard),
    ApiForbiddenResponse({ type: ErrorResponse, description: UNVERIFIED }),
    ApiServiceUnavailableResponse({ type: ErrorResponse, description: MESSAGES.notConfigured }),
  );
}

/** The checkout attempt's key (Idempotency-Key header), required and validated. */
export const IdempotencyKey = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  const headers = context
    .switchToHttp()
    .getRequest<{ headers: Record<string, string | string[] | undefined> }>().headers;
  const value = headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  const key = Array.isArray(value) ? value[0] : value;
  if (!key?.trim()) throw new BadRequestException({ detail: MESSAGES.idempotencyKeyRequired });
  if (!IDEMPOTENCY_KEY_PATTERN.test(key.trim()))
    throw new BadRequestException({ detail: MESSAGES.idempotencyKeyInvalid });
  return key.trim();
});

/** OpenAPI: the header of the checkout calls. */
export function IdempotencyKeyHeader(): MethodDecorator {
  return ApiHeader({
    name: IDEMPOTENCY_KEY_HEADER,
    required: true,
    description: 'One value (a UUID) per checkout attempt, sent again with every retry of it: never charged twice.',
  });
}
