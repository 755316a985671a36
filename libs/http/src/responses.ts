import { ApiProperty } from '@nestjs/swagger';
import type { ErrorReply, MessageReply } from '@portal/contracts';

/** A success answer that only says what happened. */
export class MessageResponse implements MessageReply {
  @ApiProperty()
  message: string;
}

/** The shape of every error (see HttpExceptionFilter). */
export class ErrorResponse implements ErrorReply {
  @ApiProperty({ example: 'Not found' })
  detail: string;
}
