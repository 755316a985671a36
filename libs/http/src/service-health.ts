import { Controller, Get, Type } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '@portal/auth';
import type { ServiceName } from '@portal/config';
import type { ServiceHealthReply } from '@portal/contracts';

/**
 * `GET /api/health/<service>`: answered by the process that hosts the service module
 * (the gateway in all-in-one mode, the service itself in split mode, reached through
 * the gateway's route table).
 */
export function serviceHealthController(service: ServiceName): Type<unknown> {
  @ApiTags('health')
  @Public()
  @Controller(`health/${service}`)
  class ServiceHealthController {
    @Get()
    health(): ServiceHealthReply {
      return { status: 'ok', service };
    }
  }
  Object.defineProperty(ServiceHealthController, 'name', { value: `${service}HealthController` });
  return ServiceHealthController;
}
