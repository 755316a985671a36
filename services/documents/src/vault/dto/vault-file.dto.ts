import { ApiProperty } from '@nestjs/swagger';
import type { VaultFileReply, VaultListReply, VaultUploadReply } from '@portal/contracts';

export class VaultFileResponse implements VaultFileReply {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'W-2 2024.pdf', description: 'The name the file was uploaded with' })
  file_path: string;

  @ApiProperty({ example: 48213, description: 'Bytes' })
  size: number;

  @ApiProperty({ format: 'date-time' })
  uploaded_at: string;

  @ApiProperty({ example: 'application/pdf' })
  content_type: string;

  @ApiProperty({ description: 'Hex SHA-256 of the stored bytes (the download ETag)' })
  sha256: string;
}

export class VaultListResponse implements VaultListReply {
  @ApiProperty({ type: [VaultFileResponse] })
  files: VaultFileResponse[];
}

export class VaultUploadResponse implements VaultUploadReply {
  @ApiProperty({ example: 'File uploaded successfully.' })
  message: string;

  @ApiProperty({ type: VaultFileResponse })
  file: VaultFileResponse;
}
