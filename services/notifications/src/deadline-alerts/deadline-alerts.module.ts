import { BullModule } from '@nestjs/bullmq';
import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '@portal/config';
import { EventsModule, QUEUES } from '@portal/events';
import { configOrExit } from '@portal/http';
import { DeadlineAlertsController } from './deadline-alerts.controller';
import { DeadlineAlertsProcessor, DeadlineAlertsSchedule } from './deadline-alerts.processor';
import { DeadlineAlertsService } from './deadline-alerts.service';

/**
 * Deadline reminders: the sign-up, the unsubscribe link and the admins' run in every process; the
 * `deadline-alerts` worker and its schedule only where workers run (RUN_WORKERS), so a split
 * deployment schedules and runs the job once however many HTTP replicas it has.
 */
@Module({})
export class DeadlineAlertsModule {
  static register(config: Pick<AppConfig, 'RUN_WORKERS'> = configOrExit()): DynamicModule {
    return {
      module: DeadlineAlertsModule,
      imports: [
        EventsModule.forService('notifications'),
        ...(config.RUN_WORKERS ? [BullModule.registerQueue({ name: QUEUES.deadlineAlerts })] : []),
      ],
      controllers: [DeadlineAlertsController],
      providers: [
        DeadlineAlertsService,
        ...(config.RUN_WORKERS ? [DeadlineAlertsProcessor, DeadlineAlertsSchedule] : []),
      ],
    };
  }
}
