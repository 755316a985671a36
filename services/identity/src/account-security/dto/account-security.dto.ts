import { ApiProperty } from '@nestjs/swagger';
import type { ActiveSession, ChangePasswordReply, ChangePasswordRequest, SessionsReply } from '@portal/contracts';
import { RequiredText } from '@portal/http';
import { IsNewPassword } from '../../users/password-rules';

export class ChangePasswordDto implements ChangePasswordRequest {
  @ApiProperty()
  @RequiredText({ required: 'Please enter your current password', maxLength: 1024, tooLong: 'Incorrect password' })
  current_password: string;

  @ApiProperty({ description: 'At least 8 characters, with a digit and a special character; not a common password' })
  @IsNewPassword()
  new_password: string;
}

export class ChangePasswordResponse implements ChangePasswordReply {
  @ApiProperty({ example: 'Your password has been changed. You were signed out everywhere else.' })
  message: string;

  @ApiProperty()
  access_token: string;

  @ApiProperty({ example: 'bearer' })
  token_type: 'bearer';
}

class ActiveSessionResponse implements ActiveSession {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'date-time' })
  created_at: string;

  @ApiProperty({ format: 'date-time' })
  expires_at: string;

  @ApiProperty({ type: String, nullable: true })
  client_ip: string | null;

  @ApiProperty({ type: String, nullable: true })
  user_agent: string | null;

  @ApiProperty()
  current: boolean;
}

export class SessionsResponse implements SessionsReply {
  @ApiProperty({ type: [ActiveSessionResponse] })
  items: ActiveSession[];
}
