import { ApiProperty } from '@nestjs/swagger';

/** The shape of every error (see libs/http). */
export class ErrorResponse {
  @ApiProperty()
  detail: string;
}
