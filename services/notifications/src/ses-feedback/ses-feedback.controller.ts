import { Body, Controller, Headers, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  ApiBadRequestResponse,
  ApiConsumes,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
} from '@nestjs/swagger';
import { Public } from '@portal/auth';
import { ErrorResponse } from '@portal/http';
import { FEEDBACK_NOT_CONFIGURED, SesFeedbackReply, SesFeedbackService, UNKNOWN_TOPIC } from './ses-feedback.service';

/** SNS's messages are a few KB; SES's largest notifications (many recipients, long headers) stay well below. */
const BODY_LIMIT = 300 * 1024;

/** Amazon SNS's calls: no token, the message's signature is the authentication. */
@Controller('notifications')
export class SesFeedbackController {
  constructor(private readonly feedback: SesFeedbackService) {}

  @Post('ses-feedback')
  @Public()
  @HttpCode(HttpStatus.OK)
  @RouteConfig({ bodyLimit: BODY_LIMIT })
  @ApiOperation({
    summary:
      "SES's bounce and complaint notifications through an SNS HTTPS subscription (and its confirmation); signed by SNS",
  })
  @ApiConsumes('text/plain', 'application/json')
  @ApiHeader({ name: 'x-amz-sns-message-type', required: false })
  @ApiOkResponse({ description: '{ received: true, outcome }' })
  @ApiBadRequestResponse({
    type: ErrorResponse,
    description: 'Not an SNS message, or not as SNS signed it: nothing done',
  })
  @ApiForbiddenResponse({ type: ErrorResponse, description: UNKNOWN_TOPIC })
  @ApiNotFoundResponse({ type: ErrorResponse, description: FEEDBACK_NOT_CONFIGURED })
  @ApiServiceUnavailableResponse({ type: ErrorResponse, description: 'SNS could not be reached; SNS tries again' })
  receive(
    @Body() body: unknown,
    @Headers('x-amz-sns-message-type') type: string | undefined,
  ): Promise<SesFeedbackReply> {
    return this.feedback.receive(body, type);
  }
}
