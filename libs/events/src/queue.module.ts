import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Global, Module } from '@nestjs/common';
import type { JobsOptions } from 'bullmq';
import { AppConfig } from '@portal/config';
import { defaultJobOptions } from './queues';
import { redisConnectionOptions } from './redis';

/** What every queue, worker and outbox relay of this process shares. */
export interface QueueSettings {
  /** BullMQ key prefix. */
  prefix: string;
  jobOptions: JobsOptions;
}

export const QUEUE_SETTINGS = Symbol('QUEUE_SETTINGS');

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
 * with `BullModule.registerQueue({ name: QUEUES.mail })`.
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
      providers: [{ provide: QUEUE_SETTINGS, inject: [AppConfig], useFactory: settingsFor }],
      exports: [BullModule, QUEUE_SETTINGS],
    };
    if (isDefault) defaultModule = module;
    return module;
  }
}
