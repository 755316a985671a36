import { Module } from '@nestjs/common';
import { DatabaseModule } from '@portal/database';
import { EventsModule } from '@portal/events';
import { serviceHealthController } from '@portal/http';
import { IDENTITY_DATA } from './identity.data';

/** The whole HTTP and worker surface of the identity service. */
@Module({
  imports: [DatabaseModule.forService(IDENTITY_DATA), EventsModule.forService('identity')],
  controllers: [serviceHealthController('identity')],
})
export class IdentityModule {}
