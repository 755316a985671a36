import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseModule } from '@portal/database';
import { EventsModule, HousekeepingModule } from '@portal/events';
import { serviceHealthController } from '@portal/http';
import { ClientVaultsController } from './client-vaults/client-vaults.controller';
import { ClientVaultsService } from './client-vaults/client-vaults.service';
import { VaultAccess } from './client-vaults/vault-access.entity';
import { DOCUMENTS_DATA } from './documents.data';
import { DOCUMENTS_STORAGE } from './files/documents-storage';
import { UploadSlots } from './files/upload-slots';
import { OrphanedObjectsCleanup } from './housekeeping/orphaned-objects.cleanup';
import { LibraryFile } from './library/library-file.entity';
import { LibraryController } from './library/library.controller';
import { LibraryService } from './library/library.service';
import { VaultFile } from './vault/vault-file.entity';
import { VaultController } from './vault/vault.controller';
import { VaultService } from './vault/vault.service';

/** The whole HTTP and worker surface of the documents service. */
@Module({
  imports: [
    DatabaseModule.forService(DOCUMENTS_DATA),
    TypeOrmModule.forFeature([VaultFile, LibraryFile, VaultAccess], 'documents'),
    EventsModule.forService('documents'),
    HousekeepingModule.forService('documents', { tasks: [OrphanedObjectsCleanup] }),
  ],
  controllers: [serviceHealthController('documents'), VaultController, ClientVaultsController, LibraryController],
  providers: [DOCUMENTS_STORAGE, UploadSlots, VaultService, ClientVaultsService, LibraryService],
})
export class DocumentsModule {}
