import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '@portal/auth';
import type { HealthReply, ReadyReply } from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DirectRoute } from './direct-route';
import { ReadinessService } from './readiness.service';
import { PROCESS_NAME } from './tokens';
import { Inject } from '@nestjs/common';

@ApiTags('health')
@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly readiness: ReadinessService,
    @Inject(PROCESS_NAME) private readonly processName: string,
  ) {}

  /** The process is alive (liveness): probed often, so answered without Nest's pipeline. */
  @Get('health')
  @DirectRoute()
  health(_request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const body: HealthReply = { status: 'ok', service: this.processName, uptime_seconds: Math.round(process.uptime()) };
    return reply.send(body);
  }

  /** Postgres and Redis are reachable (readiness); 503 names what is down. */
  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadyReply> {
    const { ready, checks } = await this.readiness.check();
    const down = Object.keys(checks).filter((name) => checks[name] === 'down');
    if (!ready) {
      void reply.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'unavailable', detail: `Not ready: ${down.join(' and ')} unreachable`, checks };
    }
    return { status: 'ready', checks };
  }
}
