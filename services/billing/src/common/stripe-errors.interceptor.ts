import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { catchError, Observable, throwError } from 'rxjs';
import { toHttpError } from '../stripe/stripe-errors';

/** A Stripe error reaching a billing route becomes its answer: 402 for a card, 502 or 503 otherwise. */
@Injectable()
export class StripeErrorsInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(catchError((error: unknown) => throwError(() => toHttpError(error))));
  }
}
