import { runProcess } from '@portal/http';
import { DOCUMENTS_DATA } from './documents.data';
import { DocumentsModule } from './documents.module';

void runProcess({
  name: 'documents',
  serves: ['documents'],
  modules: [DocumentsModule],
  data: [DOCUMENTS_DATA],
  migrateOnStart: (config) => !config.isProduction,
});
