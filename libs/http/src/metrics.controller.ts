import { Controller, Get, Header, Headers, Res, UnauthorizedException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { Public } from '@portal/auth';
import { AppConfig } from '@portal/config';
import type { FastifyReply } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ProcessMetrics } from './process-metrics';
import { ErrorResponse } from './responses';

export const METRICS_TOKEN_REQUIRED = 'A valid metrics token is required (Authorization: Bearer <METRICS_TOKEN>)';

/** Whether an Authorization header carries exactly `token` as a bearer, compared in constant time. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  if (!match) return false;
  // Digests have one length whatever was sent, so the comparison leaks neither content nor length.
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * `GET /api/metrics` of every process, for Prometheus. Not behind the access-token guard:
 * when METRICS_TOKEN is set (always in production) it takes that bearer token instead.
 */
@ApiTags('metrics')
@Public()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: ProcessMetrics,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Prometheus metrics of this process (bearer METRICS_TOKEN when configured)' })
  @ApiProduces('text/plain')
  @ApiOkResponse({ description: 'Prometheus text exposition format' })
  @ApiUnauthorizedResponse({ type: ErrorResponse, description: 'METRICS_TOKEN is set and was not sent' })
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const token = this.config.METRICS_TOKEN;
    if (token && !bearerMatches(authorization, token)) {
      void reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new UnauthorizedException({ detail: METRICS_TOKEN_REQUIRED });
    }
    void reply.type(this.metrics.contentType);
    return this.metrics.scrape();
  }
}
