import {
  DynamicModule,
  Inject,
  Injectable,
  Module,
  OnApplicationBootstrap,
  OnModuleDestroy,
  Optional,
} from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig, ServiceName } from '@portal/config';
import { Outbox } from './outbox.service';
import { OutboxRelay, OutboxRelayOptions } from './outbox-relay';
import { defaultJobOptions } from './queues';
import { QUEUE_SETTINGS, QueueSettings } from './queue.module';
import { redisConnectionOptions } from './redis';

export type EventsModuleOptions = Pick<OutboxRelayOptions, 'batchSize' | 'pollIntervalMs' | 'maxRetryDelayMs'>;

/** Injection token of a service's relay (null when this process runs no workers). */
export function getOutboxRelayToken(service: ServiceName): string {
  return `OutboxRelay:${service}`;
}

const OUTBOX_RELAY = Symbol('OUTBOX_RELAY');

/** Starts the relay when the application has started, stops it before connections close. */
@Injectable()
class OutboxRelayLifecycle implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(@Optional() @Inject(OUTBOX_RELAY) private readonly relay: OutboxRelay | null) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.relay?.start();
  }

  // Module destroy runs before application shutdown, where TypeORM closes the data source.
  async onModuleDestroy(): Promise<void> {
    await this.relay?.stop();
  }
}

const modules = new Map<ServiceName, { key: string; module: DynamicModule }>();

/**
 * The outbox of one service: `Outbox` to write jobs in the caller's transaction, and
 * (when RUN_WORKERS) the relay that moves them to BullMQ for that service's named data
 * source. Import once per service: `EventsModule.forService('identity')`. Needs
 * ConfigModule, DatabaseModule.forService(...) and, for the prefix and job options,
 * QueueModule.forRoot() (defaults apply without it).
 */
@Module({})
export class EventsModule {
  static forService(service: ServiceName, options: EventsModuleOptions = {}): DynamicModule {
    const key = JSON.stringify(options);
    const existing = modules.get(service);
    if (existing) {
      if (existing.key !== key) {
        throw new Error(`EventsModule.forService('${service}') was already called with other options`);
      }
      return existing.module;
    }
    const relayToken = getOutboxRelayToken(service);
    const module: DynamicModule = {
      module: EventsModule,
      providers: [
        Outbox,
        {
          provide: relayToken,
          inject: [AppConfig, getDataSourceToken(service), { token: QUEUE_SETTINGS, optional: true }],
          useFactory: (config: AppConfig, dataSource: DataSource, queues?: QueueSettings): OutboxRelay | null =>
            config.RUN_WORKERS
              ? new OutboxRelay({
                  ...options,
                  dataSource,
                  connection: redisConnectionOptions(config),
                  prefix: queues?.prefix,
                  jobOptions: queues?.jobOptions ?? defaultJobOptions(),
                })
              : null,
        },
        { provide: OUTBOX_RELAY, useExisting: relayToken },
        OutboxRelayLifecycle,
      ],
      exports: [Outbox, relayToken],
    };
    modules.set(service, { key, module });
    return module;
  }
}
