import { applyDecorators, HttpCode, HttpStatus } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery } from '@nestjs/swagger';

const NOT_VALID = { description: 'A page saying the link is not valid' };

/** The GET a mailed unsubscribe link opens (`of`: 'the welcome mail'): a page, and nothing changed. */
export function UnsubscribeLinkRoute(of: string): MethodDecorator {
  return applyDecorators(
    ApiOperation({
      summary: `The unsubscribe link of ${of}: a page whose button unsubscribes (opening it changes nothing)`,
    }),
    ApiQuery({ name: 'token', required: true }),
    ApiProduces('text/html'),
    ApiOkResponse({ description: 'A page with the Unsubscribe button, or saying the address is unsubscribed' }),
    ApiNotFoundResponse(NOT_VALID),
  );
}

/** The POST of that page's button, and of a mail client's one-click unsubscribe (RFC 8058; the body is not read). */
export function UnsubscribeRoute(of: string): MethodDecorator {
  return applyDecorators(
    HttpCode(HttpStatus.OK),
    ApiOperation({ summary: `Unsubscribe with the token of ${of}; answers an HTML page` }),
    ApiQuery({ name: 'token', required: true }),
    ApiProduces('text/html'),
    ApiOkResponse({ description: 'A page saying the address is unsubscribed' }),
    ApiNotFoundResponse(NOT_VALID),
  );
}
