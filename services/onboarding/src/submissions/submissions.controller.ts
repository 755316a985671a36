import { applyDecorators, Body, Controller, Get, Ip, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Public } from '@portal/auth';
import type { SubmissionPageReply, SubmissionReply, SubmitOnboardingReply } from '@portal/contracts';
import { Audited, type AuditScope } from '@portal/events';
import { ErrorResponse } from '@portal/http';
import { AdminOnly } from '../common/admin-only';
import { PageQueryDto } from '../common/pagination';
import { BookkeepingOnboardingDto } from './dto/bookkeeping-onboarding.dto';
import { NonprofitOnboardingDto } from './dto/nonprofit-onboarding.dto';
import { SubmissionPage, SubmissionResponse, SubmitOnboardingResponse } from './dto/submission.dto';
import { SubmissionsService } from './submissions.service';

/** A public submit: no token, the invite code in the path is the credential. */
const Submit = (summary: string) =>
  applyDecorators(
    Public(),
    ApiOperation({ summary }),
    ApiCreatedResponse({ type: SubmitOnboardingResponse }),
    ApiBadRequestResponse({ type: ErrorResponse, description: 'Missing or invalid answers, or hidden ones given' }),
    ApiNotFoundResponse({ type: ErrorResponse, description: 'Invite code not found.' }),
    ApiGoneResponse({ type: ErrorResponse, description: 'Expired, or already used' }),
    ApiConflictResponse({ type: ErrorResponse, description: 'This invite code is for a different questionnaire.' }),
    ApiTooManyRequestsResponse({ type: ErrorResponse }),
  );

/**
 * Registered before the invite-codes controller; Fastify's router also prefers the static
 * `submissions` segment to `:code` (and no code, however typed, reads "submissions").
 */
@ApiTags('invite-codes')
@Controller('invite-codes')
export class SubmissionsController {
  constructor(private readonly submissions: SubmissionsService) {}

  @Get('submissions')
  @AdminOnly()
  @ApiOperation({ summary: 'Submitted questionnaires, newest first, a page at a time (admins only)' })
  @ApiOkResponse({ type: SubmissionPage })
  @ApiBadRequestResponse({ type: ErrorResponse })
  list(@Audited() scope: AuditScope, @Query() query: PageQueryDto): Promise<SubmissionPageReply> {
    return this.submissions.list(scope, query);
  }

  @Get('submissions/:id')
  @AdminOnly()
  @ApiOperation({ summary: 'One submitted questionnaire (admins only)' })
  @ApiOkResponse({ type: SubmissionResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Submission not found.' })
  get(@Audited() scope: AuditScope, @Param('id') id: string): Promise<SubmissionReply> {
    return this.submissions.get(scope, id);
  }

  @Post(':code/submit-onboarding')
  @Submit("Submit the 'Bookkeeping Client Onboarding Questionnaire' with a /new-client code; the code is used up")
  submitBookkeeping(
    @Param('code') code: string,
    @Body() dto: BookkeepingOnboardingDto,
    @Ip() ip: string,
  ): Promise<SubmitOnboardingReply> {
    return this.submissions.submitBookkeeping(code, dto, ip);
  }

  @Post(':code/submit-nonprofit-onboarding')
  @Submit("Submit the 'Non-Profit LLC Formation Questionnaire' with a /new-nonprofit-llc code; the code is used up")
  submitNonprofit(
    @Param('code') code: string,
    @Body() dto: NonprofitOnboardingDto,
    @Ip() ip: string,
  ): Promise<SubmitOnboardingReply> {
    return this.submissions.submitNonprofit(code, dto, ip);
  }
}
