import { ApiProperty } from '@nestjs/swagger';

export class MessageResponse {
  @ApiProperty()
  message: string;
}

/** The shape of every error (see libs/http). */
export class ErrorResponse {
  @ApiProperty()
  detail: string;
}
