import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { AppConfig } from '@portal/config';
import { QUEUE_SETTINGS, QueueSettings } from './queue-settings';
import { QUEUE_NAMES, QueueName } from './queues';
import { RedisConnections } from './redis-connections';

/**
 * The process's BullMQ `Queue` of every queue name, for oversight (the queue dashboard,
 * metrics): same Redis, prefix and job options as its workers and relays, on the process's
 * shared queue connection (RedisConnections), opened when a queue is first asked for.
 */
@Injectable()
export class QueueRegistry implements OnApplicationShutdown {
  private readonly logger = new Logger(QueueRegistry.name);
  private readonly queues = new Map<QueueName, Queue>();

  constructor(
    private readonly config: AppConfig,
    @Inject(QUEUE_SETTINGS) private readonly settings: QueueSettings,
    private readonly connections: RedisConnections,
  ) {}

  /** Whether this process has Redis (REDIS_URL); without it there are no queues to show. */
  get available(): boolean {
    return Boolean(this.config.REDIS_URL);
  }

  get(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: this.connections.queues,
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

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
  }
}
