import { Body, Controller, Ip, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { Public } from '@portal/auth';
import type { CreateMessageReply } from '@portal/contracts';
import { ErrorResponse } from '@portal/http';
import { CreateMessageDto, CreateMessageResponse } from './dto/create-message.dto';
import { MessagesService } from './messages.service';

@ApiTags('messages')
@Public()
@Controller('messages')
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Post()
  @ApiOperation({ summary: "Send a message to the firm's staff (stored, and mailed to STAFF_EMAIL)" })
  @ApiCreatedResponse({ type: CreateMessageResponse })
  @ApiBadRequestResponse({ type: ErrorResponse, description: 'What is missing or malformed, in words' })
  @ApiTooManyRequestsResponse({ type: ErrorResponse })
  create(@Body() dto: CreateMessageDto, @Ip() ip: string): Promise<CreateMessageReply> {
    return this.messages.create(dto, ip);
  }
}
