import { Module } from '@nestjs/common';
import { DatabaseModule } from '@portal/database';
import { EventsModule } from '@portal/events';
import { serviceHealthController } from '@portal/http';
import { ONBOARDING_DATA } from './onboarding.data';

/** The whole HTTP and worker surface of the onboarding service. */
@Module({
  imports: [DatabaseModule.forService(ONBOARDING_DATA), EventsModule.forService('onboarding')],
  controllers: [serviceHealthController('onboarding')],
})
export class OnboardingModule {}
