import { applyDecorators } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiResponse,
  ApiTooManyRequestsResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { FILE_TOO_LARGE } from '@portal/contracts';
import { ErrorResponse } from '@portal/http';

/** A multipart upload route: `file` (and `folder` for the libraries), its refusals. */
export const UploadRoute = (withFolder: boolean) =>
  applyDecorators(
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          ...(withFolder
            ? {
                folder: { type: 'string', example: 'Tax forms/2024', description: 'Optional; send it before the file' },
              }
            : {}),
          file: { type: 'string', format: 'binary' },
        },
      },
    }),
    ApiBadRequestResponse({ type: ErrorResponse, description: 'No file, an empty file, a refused name or folder' }),
    ApiPayloadTooLargeResponse({ type: ErrorResponse, description: FILE_TOO_LARGE }),
    ApiUnsupportedMediaTypeResponse({ type: ErrorResponse, description: 'Not multipart/form-data' }),
    ApiTooManyRequestsResponse({ type: ErrorResponse }),
  );

/** A download route: the bytes, whole or a range; never re-encoded (Content-Length and ranges are the stored bytes'). */
export const DownloadRoute = () =>
  applyDecorators(
    RouteConfig({ compress: false }),
    ApiProduces('application/octet-stream'),
    ApiOkResponse({ description: 'The file, as an attachment' }),
    ApiResponse({ status: 206, description: 'The byte range asked with Range' }),
    ApiResponse({ status: 416, type: ErrorResponse, description: 'The range is outside the file' }),
    ApiNotFoundResponse({ type: ErrorResponse, description: 'File not found.' }),
  );
