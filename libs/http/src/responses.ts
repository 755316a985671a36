import { ApiProperty } from '@nestjs/swagger';

/** A success answer that only says what happened. */
export class MessageResponse {
  @ApiProperty()
  message: string;
}

/** The shape of every error (see HttpExceptionFilter). */
export class ErrorResponse {
  @ApiProperty({ example: 'Not found' })
  detail: string;
}
