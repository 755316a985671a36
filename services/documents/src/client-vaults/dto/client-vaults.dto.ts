import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  VAULT_ACCESS_ACTIONS,
  type ClientVaultReply,
  type VaultAccessAction,
  type VaultAccessPageReply,
  type VaultAccessQuery,
  type VaultAccessReply,
  type VaultClientListReply,
  type VaultClientReply,
} from '@portal/contracts';
import { CursorQueryDto } from '@portal/http';
import { IsOptional, IsUUID } from 'class-validator';
import { MESSAGES } from '../../common/messages';
import { VaultFileResponse } from '../../vault/dto/vault-file.dto';

export class VaultAccessQueryDto extends CursorQueryDto implements VaultAccessQuery {
  @ApiPropertyOptional({ format: 'uuid', description: "One client's accesses" })
  @IsOptional()
  @IsUUID('all', { message: MESSAGES.ownerInvalid })
  owner_id?: string;
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

  @ApiProperty({ description: 'Accesses matching the filter now' })
  total: number;

  @ApiProperty({ type: String, nullable: true, description: '`before` of the next page; null on the last page' })
  next_cursor: string | null;
}
