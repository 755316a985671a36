import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Job, Queue, UnrecoverableError } from 'bullmq';
import { AppConfig } from '@portal/config';
import type { DeadlineAlertRunReply } from '@portal/contracts';
import { applyJobSchedule, QUEUES, QueueJob } from '@portal/events';
import { DeadlineAlertsService } from './deadline-alerts.service';
import { isIsoDate } from './due-dates';

/** The one schedule of the reminder job in Redis, whatever the number of worker processes. */
export const DEADLINE_ALERTS_SCHEDULE = 'deadline-alerts-daily';

/**
 * Runs the reminder job (`scan`) from the `deadline-alerts` queue. A scheduled run is for the day it
 * runs, where the firm is (FIRM_TIME_ZONE); it catches up every day since the last finished run (two
 * days at least), so a schedule less often than daily, or a run that starts late, loses nothing.
 */
@Processor(QUEUES.deadlineAlerts)
export class DeadlineAlertsProcessor extends WorkerHost {
  constructor(private readonly alerts: DeadlineAlertsService) {
    super();
  }

  async process(job: QueueJob<'deadline-alerts'>): Promise<DeadlineAlertRunReply> {
    if (job.name !== 'scan') throw new UnrecoverableError(`unknown deadline-alerts job "${(job as Job).name}"`);
    const asOf = job.data.as_of;
    if (asOf !== undefined && !isIsoDate(asOf)) throw new UnrecoverableError(`as_of is not a date: ${String(asOf)}`);
    return this.alerts.run(this.alerts.runDay(asOf));
  }
}

/** Puts the reminder job on its schedule (DEADLINE_ALERTS_CRON) when a worker process starts. */
@Injectable()
export class DeadlineAlertsSchedule implements OnApplicationBootstrap {
  private readonly logger = new Logger('DeadlineAlerts');

  constructor(
    @InjectQueue(QUEUES.deadlineAlerts) private readonly queue: Queue,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const pattern = this.config.DEADLINE_ALERTS_CRON;
    const state = await applyJobSchedule(this.queue, {
      id: DEADLINE_ALERTS_SCHEDULE,
      pattern,
      job: { name: 'scan', data: {} },
    });
    this.logger.log(
      state === 'off'
        ? 'deadline reminders: no scheduled runs (DEADLINE_ALERTS_CRON=off)'
        : `deadline reminders scheduled "${pattern}" UTC, ${this.config.deadlineAlertDays.join(', ')} days before each deadline`,
    );
  }
}
