import { BullModule, Processor, WorkerHost } from '@nestjs/bullmq';
import { DynamicModule, Inject, Injectable, Logger, Module, OnApplicationBootstrap, Type } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Job, Queue, UnrecoverableError } from 'bullmq';
import { configOrExit, ServiceName } from '@portal/config';
import type { DataSource } from 'typeorm';
import { applyJobSchedule } from './job-schedules';
import { QueueRegistry } from './queue-registry';
import { FAILED_JOB_RETENTION_DAYS, HOUSEKEEPING_QUEUES, QueueName } from './queues';

/**
 * How long what is done stays before the daily clean-up removes it: relayed outbox rows, completed
 * jobs, and (identity) e-mail tokens that expired or were used or replaced. A week keeps a recent
 * trail for support questions ("the link said it was already used") and for the queue dashboard,
 * and is the age at which BullMQ already drops completed jobs of busy queues (defaultJobOptions).
 */
export const HOUSEKEEPING_RETENTION_DAYS = 7;

/** Every day at 04:15 UTC: night on the US mainland, after the day's deadline reminders. */
export const HOUSEKEEPING_CRON = '15 4 * * *';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows or jobs removed per statement, so no clean-up holds locks or blocks Redis for long. */
const BATCH = 1000;

/** One kind of a service's own old data that its clean-up removes. */
export interface HousekeepingTask {
  /** Names the count in the job's result and log line: 'expired e-mail tokens'. */
  readonly name: string;
  /** Removes what is older than `cutoff` (now minus the retention); returns how many. */
  run(cutoff: Date, now: Date): Promise<number>;
}

export interface HousekeepingOptions {
  /** Queues whose workers are this service's: their completed and failed jobs past the retentions are removed. */
  consumes?: QueueName[];
  /** The service's own clean-ups, run after the generic ones; providers of this module. */
  tasks?: Type<HousekeepingTask>[];
}

/** What a clean-up removed, by kind. */
export type HousekeepingResult = Record<string, number>;

/** Relayed outbox rows older than `cutoff`, in batches; unrelayed rows are never touched. */
export async function pruneRelayedOutbox(dataSource: DataSource, cutoff: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const [, removed] = (await dataSource.query(
      `DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE relayed_at < $1 LIMIT ${BATCH})`,
      [cutoff],
    )) as [unknown, number];
    total += removed;
    if (removed < BATCH) return total;
  }
}

/** Jobs of `queue` in the completed or failed set that finished more than `graceMs` ago. */
export async function cleanFinishedJobs(queue: Queue, graceMs: number, set: 'completed' | 'failed'): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await queue.clean(graceMs, BATCH, set);
    total += removed.length;
    if (removed.length < BATCH) return total;
  }
}

const TASKS = Symbol('HOUSEKEEPING_TASKS');
const SETTINGS = Symbol('HOUSEKEEPING_SETTINGS');

interface Settings {
  service: ServiceName;
  queue: QueueName;
  consumes: QueueName[];
}

/** The body of a service's clean-up job (made by HousekeepingModule for the service's data source). */
export class HousekeepingRunner {
  private readonly logger = new Logger('Housekeeping');

  constructor(
    private readonly settings: Settings,
    private readonly tasks: HousekeepingTask[],
    private readonly registry: QueueRegistry,
    private readonly dataSource: DataSource,
  ) {}

  async run(now = new Date()): Promise<HousekeepingResult> {
    const retentionMs = HOUSEKEEPING_RETENTION_DAYS * DAY_MS;
    const cutoff = new Date(now.getTime() - retentionMs);
    const result: HousekeepingResult = { 'relayed outbox rows': await pruneRelayedOutbox(this.dataSource, cutoff) };
    let completed = 0;
    let failed = 0;
    for (const name of new Set([...this.settings.consumes, this.settings.queue])) {
      const queue = this.registry.get(name);
      completed += await cleanFinishedJobs(queue, retentionMs, 'completed');
      // Also those whose options predate the age in removeOnFail, or of a queue where no job failed since.
      failed += await cleanFinishedJobs(queue, FAILED_JOB_RETENTION_DAYS * DAY_MS, 'failed');
    }
    result['completed jobs'] = completed;
    result['failed jobs'] = failed;
    for (const task of this.tasks) result[task.name] = await task.run(cutoff, now);
    const summary = Object.entries(result)
      .map(([name, count]) => `${count} ${name}`)
      .join(', ');
    this.logger.log(
      `${this.settings.service}: removed ${summary} (older than ${HOUSEKEEPING_RETENTION_DAYS} days; failed jobs ${FAILED_JOB_RETENTION_DAYS})`,
    );
    return result;
  }
}

/** The processor of one service's housekeeping queue (a class per queue: @Processor takes the name). */
function housekeepingProcessor(queue: QueueName): Type<WorkerHost> {
  @Processor(queue)
  class HousekeepingProcessor extends WorkerHost {
    constructor(private readonly runner: HousekeepingRunner) {
      super();
    }

    async process(job: Job): Promise<HousekeepingResult> {
      if (job.name !== 'cleanup') throw new UnrecoverableError(`unknown housekeeping job "${job.name}"`);
      return this.runner.run();
    }
  }
  return HousekeepingProcessor;
}

/** Puts the daily clean-up on the schedule when the process starts. */
@Injectable()
class HousekeepingSchedule implements OnApplicationBootstrap {
  private readonly logger = new Logger('Housekeeping');

  constructor(
    @Inject(SETTINGS) private readonly settings: Settings,
    private readonly registry: QueueRegistry,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await applyJobSchedule(this.registry.get(this.settings.queue), {
      id: `${this.settings.service}-cleanup`,
      pattern: HOUSEKEEPING_CRON,
      job: { name: 'cleanup', data: {} },
    });
    this.logger.debug(`${this.settings.service}: daily clean-up scheduled (${HOUSEKEEPING_CRON} UTC)`);
  }
}

/**
 * A service's daily clean-up of its own data, on its own queue (HOUSEKEEPING_QUEUES): relayed outbox
 * rows and completed jobs past HOUSEKEEPING_RETENTION_DAYS, failed jobs past FAILED_JOB_RETENTION_DAYS,
 * then the service's tasks. Only processes
 * that run workers (RUN_WORKERS) schedule and run it, so a split deployment runs it once a day
 * whatever the number of HTTP replicas. Import beside DatabaseModule.forService(...):
 * `HousekeepingModule.forService('identity', { tasks: [ExpiredTokensCleanup] })`.
 */
@Module({})
export class HousekeepingModule {
  static forService(
    service: ServiceName,
    options: HousekeepingOptions = {},
    config: { RUN_WORKERS: boolean } = configOrExit(),
  ): DynamicModule {
    if (!config.RUN_WORKERS) return { module: HousekeepingModule };
    const queue = HOUSEKEEPING_QUEUES[service];
    const tasks = options.tasks ?? [];
    const settings: Settings = { service, queue, consumes: options.consumes ?? [] };
    return {
      module: HousekeepingModule,
      imports: [BullModule.registerQueue({ name: queue })],
      providers: [
        { provide: SETTINGS, useValue: settings },
        ...tasks,
        { provide: TASKS, inject: tasks, useFactory: (...instances: HousekeepingTask[]) => instances },
        {
          provide: HousekeepingRunner,
          inject: [SETTINGS, TASKS, QueueRegistry, getDataSourceToken(service)],
          useFactory: (current: Settings, instances: HousekeepingTask[], registry: QueueRegistry, data: DataSource) =>
            new HousekeepingRunner(current, instances, registry, data),
        },
        housekeepingProcessor(queue),
        HousekeepingSchedule,
      ],
      exports: [HousekeepingRunner],
    };
  }
}
