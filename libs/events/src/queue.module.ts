import { BullModule } from '@nestjs/bullmq';
import {
  DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  OnApplicationBootstrap,
  OnModuleDestroy,
  Optional,
} from '@nestjs/common';
import { AppConfig } from '@portal/config';
import { PostgresNotifications } from '@portal/database';
import { OutboxRelay, OutboxRelayOptions } from './outbox-relay';
import { QueueRegistry } from './queue-registry';
import { QUEUE_SETTINGS, QueueSettings } from './queue-settings';
import { defaultJobOptions } from './queues';
import { RedisConnections, RedisModule } from './redis-connections';

/** The process's outbox relay, or null when it runs no workers (RUN_WORKERS=false). */
export const OUTBOX_RELAY = Symbol('OUTBOX_RELAY');

export interface QueueModuleOptions {
  /** BullMQ key prefix, default REDIS_PREFIX (`portal`). Tests use a unique one per file. */
  prefix?: string;
  /** Base delay of the exponential retry backoff, default DEFAULT_BACKOFF_MS (5 s). */
  backoffMs?: number;
  /** The relay's fallback poll and batch (tests shorten the poll). */
  outbox?: Pick<OutboxRelayOptions, 'batchSize' | 'pollIntervalMs' | 'maxRetryDelayMs'>;
}

/** Starts the relay once every hosted service has added its outbox; stops it before connections close. */
@Injectable()
class OutboxRelayLifecycle implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(@Optional() @Inject(OUTBOX_RELAY) private readonly relay: OutboxRelay | null) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.relay?.start();
  }

  // Module destroy runs before application shutdown, where TypeORM closes the data sources.
  async onModuleDestroy(): Promise<void> {
    await this.relay?.stop();
  }
}

let defaultModule: DynamicModule | undefined;

/**
 * The one place that connects BullMQ to Redis (REDIS_URL), on the process's shared queue
 * connection, and owns the process's outbox relay. Import `QueueModule.forRoot()` once in
 * the root of a process (the platform module does); services then register the queues
 * they use with `BullModule.registerQueue({ name: QUEUES.mail })` and their outbox with
 * `EventsModule.forService(...)`. QueueRegistry gives oversight (dashboard, metrics) a
 * Queue of every name.
 */
@Global()
@Module({})
export class QueueModule {
  static forRoot(options: QueueModuleOptions = {}): DynamicModule {
    const isDefault = Object.keys(options).length === 0;
    if (isDefault && defaultModule) return defaultModule;
    const settingsFor = (config: AppConfig): QueueSettings => ({
      prefix: options.prefix ?? config.REDIS_PREFIX,
      jobOptions: defaultJobOptions(options.backoffMs),
    });
    const module: DynamicModule = {
      module: QueueModule,
      global: true,
      imports: [
        RedisModule,
        BullModule.forRootAsync({
          inject: [AppConfig, RedisConnections],
          useFactory: (config: AppConfig, redis: RedisConnections) => {
            const settings = settingsFor(config);
            return { connection: redis.queues, prefix: settings.prefix, defaultJobOptions: settings.jobOptions };
          },
        }),
      ],
      providers: [
        { provide: QUEUE_SETTINGS, inject: [AppConfig], useFactory: settingsFor },
        {
          provide: OUTBOX_RELAY,
          inject: [AppConfig, RedisConnections, { token: PostgresNotifications, optional: true }],
          useFactory: (
            config: AppConfig,
            redis: RedisConnections,
            notifications?: PostgresNotifications | null,
          ): OutboxRelay | null => {
            if (!config.RUN_WORKERS) return null;
            const settings = settingsFor(config);
            return new OutboxRelay({
              ...options.outbox,
              // The process's one listening connection, when it has one (DatabasePoolModule).
              notifications: notifications ?? undefined,
              connection: () => redis.queues,
              prefix: settings.prefix,
              jobOptions: settings.jobOptions,
            });
          },
        },
        OutboxRelayLifecycle,
        QueueRegistry,
      ],
      exports: [BullModule, QUEUE_SETTINGS, OUTBOX_RELAY, QueueRegistry],
    };
    if (isDefault) defaultModule = module;
    return module;
  }
}
