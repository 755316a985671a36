import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  MAX_PAGE_SIZE,
  VAULT_ACCESS_ACTIONS,
  type ClientVaultReply,
  type VaultAccessAction,
  type VaultAccessPageReply,
  type VaultAccessQuery,
  type VaultAccessReply,
  type VaultClientListReply,
  type VaultClientReply,
} from '@portal/contracts';
import { IntInRange, ToInt } from '@portal/http';
import { IsOptional, IsUUID } from 'class-validator';
import { MESSAGES } from '../../common/messages';
import { VaultFileResponse } from '../../vault/dto/vault-file.dto';

export class VaultAccessQueryDto implements VaultAccessQuery {
  @ApiPropertyOptional({ format: 'uuid', description: "One client's accesses" })
  @IsOptional()
  @IsUUID('all', { message: MESSAGES.ownerInvalid })
  owner_id?: string;

  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @ToInt()
  @IntInRange(1, 1_000_000, MESSAGES.pageInvalid)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 20 })
  @ToInt()
  @IntInRange(1, MAX_PAGE_SIZE, MESSAGES.pageSizeInvalid)
  page_size?: number;
}

export class VaultClientResponse implements VaultClientReply {
  @ApiProperty({ format: 'uuid' })
  owner_id: string;

  @ApiProperty()
  owner_email: string;

  @ApiProperty()
  file_count: number;

  @ApiProperty({ description: 'Bytes' })
  total_size: number;

  @ApiProperty({ format: 'date-time' })
  last_uploaded_at: string;
}

export class VaultClientListResponse implements VaultClientListReply {
  @ApiProperty({ type: [VaultClientResponse] })
  clients: VaultClientResponse[];
}

export class ClientVaultResponse implements ClientVaultReply {
  @ApiProperty({ format: 'uuid' })
  owner_id: string;

  @ApiProperty()
  owner_email: string;

  @ApiProperty({ type: [VaultFileResponse] })
  files: VaultFileResponse[];
}

export class VaultAccessResponse implements VaultAccessReply {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ format: 'uuid' })
  admin_id: string;

  @ApiProperty()
  admin_email: string;

  @ApiProperty({ format: 'uuid' })
  owner_id: string;

  @ApiProperty()
  owner_email: string;

  @ApiProperty({ enum: VAULT_ACCESS_ACTIONS })
  action: VaultAccessAction;

  @ApiProperty({ format: 'uuid', nullable: true, type: String })
  file_id: string | null;

  @ApiProperty({ nullable: true, type: String })
  file_name: string | null;

  @ApiProperty({ format: 'date-time' })
  accessed_at: string;
}

export class VaultAccessPage implements VaultAccessPageReply {
  @ApiProperty({ type: [VaultAccessResponse] })
  items: VaultAccessResponse[];

  @ApiProperty()
  total: number;

  @ApiProperty()
  page: number;

  @ApiProperty()
  page_size: number;
}
