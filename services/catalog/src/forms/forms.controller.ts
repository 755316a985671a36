import { Controller, Get, Param, UseInterceptors } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@portal/auth';
import type { FilingFormReply } from '@portal/contracts';
import { ErrorResponse } from '@portal/http';
import { HttpCacheInterceptor } from '../common/http-cache.interceptor';
import { FilingFormResponse } from './dto/filing-form.response';
import { FormsService } from './forms.service';

@ApiTags('catalog')
@Public()
@UseInterceptors(HttpCacheInterceptor)
@Controller('forms')
export class FormsController {
  constructor(private readonly forms: FormsService) {}

  @Get()
  @ApiOperation({ summary: 'Every filing form, in the footer order' })
  @ApiOkResponse({ type: [FilingFormResponse] })
  list(): Promise<FilingFormReply[]> {
    return this.forms.list();
  }

  @Get(':id')
  @ApiOperation({ summary: 'One filing form' })
  @ApiOkResponse({ type: FilingFormResponse })
  @ApiNotFoundResponse({ type: ErrorResponse, description: 'Form not found' })
  get(@Param('id') id: string): Promise<FilingFormReply> {
    return this.forms.get(id);
  }
}
