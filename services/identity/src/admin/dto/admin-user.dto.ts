import { ApiProperty } from '@nestjs/swagger';
import type { AdminUserQuery, AdminUserReply } from '@portal/contracts';
import { IsEmailAddress, Trim } from '@portal/http';

export class AdminUserQueryDto implements AdminUserQuery {
  @ApiProperty({ example: 'jane@example.com' })
  @Trim()
  @IsEmailAddress()
  email: string;
}

export class AdminUserResponse implements AdminUserReply {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty()
  email: string;

  @ApiProperty({ enum: ['user', 'admin'] })
  role: string;

  @ApiProperty({ description: '1 for users, 99 for admins' })
  user_type: number;

  @ApiProperty()
  is_verified: boolean;
}
