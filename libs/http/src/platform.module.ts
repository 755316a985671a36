import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '@portal/auth';
import { ConfigModule } from '@portal/config';
import { DatabasePoolModule } from '@portal/database';
import { QueueModule } from '@portal/events';
import { HealthController } from './health.controller';
import { MetricsController } from './metrics.controller';
import { ProcessMetrics } from './process-metrics';
import { RateLimiter } from './rate-limiter';
import { ReadinessService } from './readiness.service';
import { PROCESS_NAME } from './tokens';

/**
 * What every process has exactly once, whatever service modules it hosts: validated
 * configuration, the Postgres pool, the Redis connections, the token guard, BullMQ and
 * the outbox relay, liveness, readiness and Prometheus metrics (/api/metrics). Service modules never import
 * it; the process root (gateway or a service's main) does.
 */
@Module({})
export class PlatformModule {
  static forProcess(processName: string, imports: DynamicModule['imports'] = []): DynamicModule {
    return {
      module: PlatformModule,
      global: true,
      imports: [ConfigModule, DatabasePoolModule, AuthModule, QueueModule.forRoot(), ...imports],
      controllers: [HealthController, MetricsController],
      providers: [ReadinessService, RateLimiter, ProcessMetrics, { provide: PROCESS_NAME, useValue: processName }],
      exports: [ReadinessService, RateLimiter, ProcessMetrics, PROCESS_NAME],
    };
  }
}
