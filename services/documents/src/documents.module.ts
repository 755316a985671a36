import { Module } from '@nestjs/common';
import { DatabaseModule } from '@portal/database';
import { EventsModule } from '@portal/events';
import { serviceHealthController } from '@portal/http';
import { DOCUMENTS_DATA } from './documents.data';

/** The whole HTTP and worker surface of the documents service. */
@Module({
  imports: [DatabaseModule.forService(DOCUMENTS_DATA), EventsModule.forService('documents')],
  controllers: [serviceHealthController('documents')],
})
export class DocumentsModule {}
