import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { NAME_MAX_LENGTH, type Address, type ProfileReply, type UpdateProfileRequest } from '@portal/contracts';
import { FirstName, LastName } from '../../auth/dto/register.dto';
import { BlankToNull, Trim } from '@portal/http';
import { AddressDto, toAddressInput } from '../address';

const ADDRESS_SHAPE =
  'Address must be an object (or a JSON string of one) with line1, line2, city, state, postal_code and country';

/**
 * A partial update: absent fields stay as they are; null (or an empty string) clears the
 * optional ones. The e-mail may be sent back unchanged; changing it is refused.
 */
export class UpdateProfileDto implements UpdateProfileRequest {
  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  @ValidateIf((_dto: UpdateProfileDto, value: unknown) => value !== undefined)
  @Trim()
  @FirstName()
  first_name?: string;

  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH })
  @ValidateIf((_dto: UpdateProfileDto, value: unknown) => value !== undefined)
  @Trim()
  @LastName()
  last_name?: string;

  @ApiPropertyOptional({ description: 'Read-only: accepted when unchanged, refused otherwise' })
  @IsOptional()
  @IsString()
  @MaxLength(320)
  email?: string;

  @ApiPropertyOptional({ nullable: true, maxLength: 40 })
  @Trim()
  @BlankToNull()
  @IsOptional()
  @IsString({ message: 'Phone must be text' })
  @MaxLength(40, { message: 'Phone must be at most 40 characters long' })
  phone?: string | null;

  @ApiPropertyOptional({ nullable: true, maxLength: 200 })
  @Trim()
  @BlankToNull()
  @IsOptional()
  @IsString({ message: 'Company must be text' })
  @MaxLength(200, { message: 'Company must be at most 200 characters long' })
  company?: string | null;

  @ApiPropertyOptional({ nullable: true, maxLength: 100 })
  @Trim()
  @BlankToNull()
  @IsOptional()
  @IsString({ message: 'Job title must be text' })
  @MaxLength(100, { message: 'Job title must be at most 100 characters long' })
  job_title?: string | null;

  @ApiPropertyOptional({
    type: AddressDto,
    nullable: true,
    description: 'An object, or the same object as a JSON string',
  })
  @Transform(({ obj, key }: { obj: Record<string, unknown>; key: string }) => toAddressInput(obj[key]))
  @ValidateIf((_dto: UpdateProfileDto, value: unknown) => value !== undefined && value !== null)
  @ValidateNested({ message: ADDRESS_SHAPE })
  address?: AddressDto | null;
}

export class ProfileResponse implements ProfileReply {
  @ApiProperty({ format: 'uuid', description: 'The profile id' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  user_id: string;

  @ApiProperty()
  email: string;

  @ApiProperty()
  first_name: string;

  @ApiProperty()
  last_name: string;

  @ApiProperty({ nullable: true, type: String })
  phone: string | null;

  @ApiProperty({ nullable: true, type: String })
  company: string | null;

  @ApiProperty({ nullable: true, type: String })
  job_title: string | null;

  @ApiProperty({ nullable: true, type: AddressDto })
  address: Address | null;

  @ApiProperty()
  is_verified: boolean;

  @ApiProperty({ enum: ['user', 'admin'] })
  role: string;

  @ApiProperty({ description: '1 for users, 99 for admins' })
  user_type: number;
}
