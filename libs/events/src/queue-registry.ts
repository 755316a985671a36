import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { AppConfig } from '@portal/config';
import { QUEUE_SETTINGS, QueueSettings } from './queue-settings';
import { QUEUE_NAMES, QueueName } from './queues';
import { redisConnectionOptions } from './redis';

/**
 * The process's BullMQ `Queue` of every queue name, for oversight (the queue dashboard,
 * metrics): same Redis, prefix and job options as its workers and relays. Nothing connects
 * until a queue is first asked for; the queues share one connection (a Queue runs no
 * blocking commands), made here and nowhere else, and closed after the HTTP server stops.
 */
@Injectable()
export class QueueRegistry implements OnApplicationShutdown {
  private readonly logger = new Logger(QueueRegistry.name);
  private connection: Redis | undefined;
  private readonly queues = new Map<QueueName, Queue>();

  constructor(
    private readonly config: AppConfig,
    @Inject(QUEUE_SETTINGS) private readonly settings: QueueSettings,
  ) {}

  /** Whether this process has Redis (REDIS_URL); without it there are no queues to show. */
  get available(): boolean {
    return Boolean(this.config.REDIS_URL);
  }

  get(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: this.sharedConnection(),
        prefix: this.settings.prefix,
        defaultJobOptions: this.settings.jobOptions,
      });
      // Redis going away is reported by the callers' failing commands; an unheard 'error' would crash.
      queue.on('error', (error) => this.logger.warn(`queue ${name}: ${error.message}`));
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** Every queue of the registry (QUEUES), in their declared order. */
  all(): Queue[] {
    return QUEUE_NAMES.map((name) => this.get(name));
  }

  private sharedConnection(): Redis {
    if (!this.connection) {
      this.connection = new Redis(redisConnectionOptions(this.config));
      this.connection.on('error', () => undefined);
    }
    return this.connection;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
    await this.connection?.quit().catch(() => undefined);
    this.connection = undefined;
  }
}
