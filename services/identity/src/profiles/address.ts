import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  ADDRESS_COUNTRIES,
  DEFAULT_COUNTRY,
  type Address,
  type AddressCountry,
  type AddressInput,
} from '@portal/contracts';
import { RequiredText, Trim } from '@portal/http';

const Required = (required: string, label: string, maxLength: number) =>
  RequiredText({ required, maxLength, tooLong: `${label} must be at most ${maxLength} characters long` });

/** An address as a client sends it (part 2, section 3); the messages are the spec's. */
export class AddressDto implements AddressInput {
  @ApiProperty({ example: '1 Main Street' })
  @Trim()
  @Required('Please enter your street address', 'Street address', 200)
  line1: string;

  @ApiPropertyOptional({ example: 'Suite 100', nullable: true })
  @Trim()
  @IsOptional()
  @IsString({ message: 'Address line 2 must be text' })
  @MaxLength(200, { message: 'Address line 2 must be at most 200 characters long' })
  line2?: string | null;

  @ApiProperty({ example: 'Springfield' })
  @Trim()
  @Required('Please enter your city', 'City', 100)
  city: string;

  @ApiProperty({ example: 'IL' })
  @Trim()
  @Required('Please enter your state/province', 'State/province', 100)
  state: string;

  @ApiProperty({ example: '62701' })
  @Trim()
  @Required('Please enter your ZIP/postal code', 'ZIP/postal code', 20)
  postal_code: string;

  @ApiPropertyOptional({ enum: ADDRESS_COUNTRIES, default: DEFAULT_COUNTRY })
  @Transform(({ value }: { value: unknown }) =>
    value === undefined || value === null || value === ''
      ? DEFAULT_COUNTRY
      : typeof value === 'string'
        ? value.trim().toUpperCase()
        : value,
  )
  @IsIn(ADDRESS_COUNTRIES, { message: `Country must be one of ${ADDRESS_COUNTRIES.join(', ')}` })
  country: AddressCountry = DEFAULT_COUNTRY;
}

/**
 * The address field of a profile update: an object, or the same object as a JSON string
 * (the web sends both). Null or an empty string clears it. Anything else becomes a string,
 * which validation refuses with one message.
 */
export function toAddressInput(value: unknown): AddressDto | null | undefined | string {
  if (value === undefined || value === null) return value;
  let parsed = value;
  if (typeof value === 'string') {
    if (value.trim() === '') return null;
    try {
      parsed = JSON.parse(value);
    } catch {
      return value;
    }
    if (parsed === null) return null;
  }
  if (typeof parsed !== 'object' || Array.isArray(parsed))
    return typeof value === 'string' ? value : JSON.stringify(value);
  return plainToInstance(AddressDto, parsed);
}

/** The stored form of a validated address. */
export function toAddress(dto: AddressDto): Address {
  return {
    line1: dto.line1,
    line2: dto.line2 ? dto.line2 : null,
    city: dto.city,
    state: dto.state,
    postal_code: dto.postal_code,
    country: dto.country,
  };
}
