import { applyDecorators, HttpCode, HttpStatus } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery } from '@nestjs/swagger';
import { RESUBSCRIBE_LINK_DAYS } from '../subscriptions/subscription-list';

/**
 * A route of a mailed link (its GET, or its page's button's POST) that answers a page: what it does, the
 * page of a 200; a 404 is the page saying the link is not valid.
 */
export function LinkPageRoute(summary: string, ok: string): MethodDecorator {
  return applyDecorators(
    ApiOperation({ summary }),
    ApiQuery({ name: 'token', required: true }),
    ApiProduces('text/html'),
    ApiOkResponse({ description: ok }),
    ApiNotFoundResponse({ description: 'A page saying the link is not valid' }),
  );
}

/** The GET a mailed unsubscribe link opens (`of`: 'the welcome mail'): a page, and nothing changed. */
export function UnsubscribeLinkRoute(of: string): MethodDecorator {
  return LinkPageRoute(
    `The unsubscribe link of ${of}: a page whose button unsubscribes (opening it changes nothing)`,
    'A page with the Unsubscribe button, or saying the address is unsubscribed',
  );
}

/** The POST of that page's button, and of a mail client's one-click unsubscribe (RFC 8058; the body is not read). */
export function UnsubscribeRoute(of: string): MethodDecorator {
  return applyDecorators(
    HttpCode(HttpStatus.OK),
    LinkPageRoute(
      `Unsubscribe with the token of ${of}; answers an HTML page`,
      'A page saying the address is unsubscribed',
    ),
  );
}

/** The GET a resubscribe link opens (see SubscriptionList): a page, and nothing changed. */
export function ResubscribeLinkRoute(): MethodDecorator {
  return LinkPageRoute(
    'The link mailed to confirm a sign-up of an unsubscribed address: a page whose button subscribes it again (opening it changes nothing)',
    'A page with the Confirm button',
  );
}

/** The POST of that page's button (`resumes`: 'the reminders'). */
export function ResubscribeRoute(resumes: string): MethodDecorator {
  return applyDecorators(
    HttpCode(HttpStatus.OK),
    LinkPageRoute(
      `Subscribe again with the token of that link (once, within ${RESUBSCRIBE_LINK_DAYS} days); answers an HTML page`,
      `A page saying ${resumes} resume`,
    ),
  );
}
