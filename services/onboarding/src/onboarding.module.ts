import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseModule } from '@portal/database';
import { EventsModule, HousekeepingModule } from '@portal/events';
import { serviceHealthController } from '@portal/http';
import { InviteCode } from './invite-codes/invite-code.entity';
import { InviteCodesController } from './invite-codes/invite-codes.controller';
import { InviteCodesService } from './invite-codes/invite-codes.service';
import { ONBOARDING_DATA } from './onboarding.data';
import { Submission } from './submissions/submission.entity';
import { SubmissionsController } from './submissions/submissions.controller';
import { SubmissionsService } from './submissions/submissions.service';

/** The whole HTTP and worker surface of the onboarding service. */
@Module({
  imports: [
    DatabaseModule.forService(ONBOARDING_DATA),
    TypeOrmModule.forFeature([InviteCode, Submission], 'onboarding'),
    EventsModule.forService('onboarding'),
    HousekeepingModule.forService('onboarding'),
  ],
  // Submissions first: its static `invite-codes/submissions` paths before `invite-codes/:code`.
  controllers: [serviceHealthController('onboarding'), SubmissionsController, InviteCodesController],
  providers: [InviteCodesService, SubmissionsService],
})
export class OnboardingModule {}
