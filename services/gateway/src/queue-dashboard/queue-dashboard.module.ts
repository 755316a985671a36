import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { QueueDashboardSessionController } from './queue-dashboard-session.controller';
import { QueueDashboardSessions } from './queue-dashboard-sessions';

/**
 * The admins' queue dashboard (Bull Board) of the gateway, in both topologies: the session
 * endpoint here, the board itself mounted on Fastify by registerQueueDashboard().
 */
@Module({
  imports: [JwtModule.register({})],
  controllers: [QueueDashboardSessionController],
  providers: [QueueDashboardSessions],
  exports: [QueueDashboardSessions],
})
export class QueueDashboardModule {}
