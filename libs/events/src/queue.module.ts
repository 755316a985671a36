import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Global, Module } from '@nestjs/common';
import { AppConfig } from '@portal/config';
import { QueueRegistry } from './queue-registry';
import { QUEUE_SETTINGS, QueueSettings } from './queue-settings';
import { defaultJobOptions } from './queues';
import { redisConnectionOptions } from './redis';

export { QUEUE_SETTINGS } from './queue-settings';
export type { QueueSettings } from './queue-settings';

export interface QueueModuleOptions {
  /** BullMQ key prefix, default REDIS_PREFIX (`portal`). Tests use a unique one per file. */
  prefix?: string;
  /** Base delay of the exponential retry backoff, default DEFAULT_BACKOFF_MS (5 s). */
  backoffMs?: number;
}

let defaultModule: DynamicModule | undefined;

/**
 * The one place that connects BullMQ to Redis (REDIS_URL). Import `QueueModule.forRoot()`
 * once in the root module of a process; services then register the queues they use
 * with `BullModule.registerQueue({ name: QUEUES.mail })`. QueueRegistry gives oversight
 * (dashboard, metrics) a Queue of every name.
 */
@Global()
@Module({})
export class QueueModule {
  static forRoot(options: QueueModuleOptions = {}): DynamicModule {
    const isDefault = options.prefix === undefined && options.backoffMs === undefined;
    if (isDefault && defaultModule) return defaultModule;
    const settingsFor = (config: AppConfig): QueueSettings => ({
      prefix: options.prefix ?? config.REDIS_PREFIX,
      jobOptions: defaultJobOptions(options.backoffMs),
    });
    const module: DynamicModule = {
      module: QueueModule,
      global: true,
      imports: [
        BullModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => {
            const settings = settingsFor(config);
            return {
              connection: redisConnectionOptions(config),
              prefix: settings.prefix,
              defaultJobOptions: settings.jobOptions,
            };
          },
        }),
      ],
      providers: [{ provide: QUEUE_SETTINGS, inject: [AppConfig], useFactory: settingsFor }, QueueRegistry],
      exports: [BullModule, QUEUE_SETTINGS, QueueRegistry],
    };
    if (isDefault) defaultModule = module;
    return module;
  }
}
