import { Controller, Get, Type } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '@portal/auth';
import type { ServiceName } from '@portal/config';
import type { ServiceHealthReply } from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DirectRoute } from './direct-route';

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
    @DirectRoute()
    health(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
      const body: ServiceHealthReply = { status: 'ok', service };
      return reply.send(body);
    }
  }
  Object.defineProperty(ServiceHealthController, 'name', { value: `${service}HealthController` });
  return ServiceHealthController;
}
