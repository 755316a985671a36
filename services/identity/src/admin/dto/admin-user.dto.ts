import { ApiProperty } from '@nestjs/swagger';
import { IsEmailAddress, Trim } from '@portal/http';

export class AdminUserQuery {
  @ApiProperty({ example: 'jane@example.com' })
  @Trim()
  @IsEmailAddress()
  email: string;
}

export class AdminUserResponse {
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
