import { Controller, Ip, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { Public } from '@portal/auth';
import type { CreateMessageReply } from '@portal/contracts';
import { ErrorResponse, validateDto } from '@portal/http';
import type { FastifyRequest } from 'fastify';
import { JobApplicationForm } from '../careers/dto/job-application.dto';
import { JobApplicationsService } from '../careers/job-applications.service';
import { CreateMessageDto, CreateMessageResponse } from './dto/create-message.dto';
import { MessagesService } from './messages.service';

@ApiTags('messages')
@Public()
@Controller('messages')
export class MessagesController {
  constructor(
    private readonly messages: MessagesService,
    private readonly applications: JobApplicationsService,
  ) {}

  /**
   * One address for every visitor message (spec part 2, section 7): JSON for the contact forms and the
   * perk form, multipart for a job application and its resume. The body is read here, by its type,
   * rather than by the global pipe, which cannot see a multipart body.
   */
  @Post()
  @ApiOperation({
    summary: "Send a message to the firm's staff (stored, and mailed to STAFF_EMAIL)",
    description:
      'JSON: a contact, call request or perk provider message. multipart/form-data: a job application (type=job_application) with its resume in the file field `resume`.',
  })
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiExtraModels(CreateMessageDto, JobApplicationForm)
  @ApiBody({
    schema: { oneOf: [{ $ref: getSchemaPath(CreateMessageDto) }, { $ref: getSchemaPath(JobApplicationForm) }] },
  })
  @ApiCreatedResponse({ type: CreateMessageResponse })
  @ApiBadRequestResponse({ type: ErrorResponse, description: 'What is missing or malformed, in words' })
  @ApiPayloadTooLargeResponse({ type: ErrorResponse, description: 'The resume is larger than the limit' })
  @ApiTooManyRequestsResponse({ type: ErrorResponse })
  async create(@Req() request: FastifyRequest, @Ip() ip: string): Promise<CreateMessageReply> {
    if (request.isMultipart()) return this.applications.receive(request, ip);
    return this.messages.create(await validateDto(CreateMessageDto, request.body), ip);
  }
}
