import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { LibraryFileReply, LibraryListQuery, LibraryListReply, LibraryUploadReply } from '@portal/contracts';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { MESSAGES } from '../../common/messages';

export class LibraryListQueryDto implements LibraryListQuery {
  @ApiPropertyOptional({ example: 'Tax forms/2024', description: 'A folder of the library (default: the top)' })
  @IsOptional()
  @IsString({ message: 'prefix must be text' })
  @MaxLength(1024, { message: 'prefix must be at most 1024 characters long' })
  prefix?: string;

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'true: every file under the prefix' })
  @IsOptional()
  @IsIn(['true', 'false'], { message: MESSAGES.recursiveInvalid })
  recursive?: 'true' | 'false';
}

export class LibraryFileResponse implements LibraryFileReply {
  @ApiProperty({ example: 'Tax forms/2024/W-9.pdf' })
  name: string;

  @ApiProperty({ example: 48213 })
  size: number;

  @ApiProperty({ format: 'date-time' })
  last_modified: string;

  @ApiProperty({ example: 'application/pdf' })
  content_type: string;
}

export class LibraryListResponse implements LibraryListReply {
  @ApiProperty({ type: [LibraryFileResponse] })
  files: LibraryFileResponse[];

  @ApiProperty({ type: [String], example: ['Tax forms/2024'] })
  folders: string[];
}

export class LibraryUploadResponse implements LibraryUploadReply {
  @ApiProperty({ example: 'File uploaded successfully.' })
  message: string;

  @ApiProperty({ type: LibraryFileResponse })
  file: LibraryFileResponse;
}
