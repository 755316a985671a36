import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@portal/auth';
import type {
  LibraryArea,
  LibraryFileReply,
  LibraryListReply,
  LibraryUploadReply,
  MessageReply,
} from '@portal/contracts';
import { AuditTrail, type AuditScope } from '@portal/events';
import { RateLimiter } from '@portal/http';
import { FileStorage, normalizeFolder, storageKey } from '@portal/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { MESSAGES } from '../common/messages';
import { RATE_LIMITS } from '../common/rate-limits';
import { iso } from '../common/sql';
import { sendDownload } from '../files/downloads';
import { checkedName, libraryPath, parseLibraryPath, parsePrefix } from '../files/file-names';
import { UploadSlots } from '../files/upload-slots';
import { assertMultipart, discard, expectedUploadBytes, receiveUpload } from '../files/uploads';
import { LibraryFile } from './library-file.entity';

function toReply(file: Pick<LibraryFile, 'path' | 'size' | 'uploadedAt' | 'contentType'>): LibraryFileReply {
  return { name: file.path, size: file.size, last_modified: iso(file.uploadedAt), content_type: file.contentType };
}

/** UTF-8 byte order, as S3 lists keys (and as people expect folders before their neighbours' files). */
const byName = (a: { name: string }, b: { name: string }) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name));

/** Serialises, until the transaction ends, what changes the file at a path: uploads to it and its delete. */
async function lockPath(manager: EntityManager, area: LibraryArea, path: string): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`library:${area}:${path}`]);
}

/** The last name of a path: what a download is saved as. */
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * The forms library and the public files: read by every verified user, written by admins. A path
 * names a file of an area; its bytes live under the row's id, so a path is never a storage key.
 */
@Injectable()
export class LibraryService {
  private readonly logger = new Logger(LibraryService.name);

  constructor(
    @InjectDataSource('documents') private readonly dataSource: DataSource,
    private readonly storage: FileStorage,
    private readonly limiter: RateLimiter,
    private readonly audit: AuditTrail,
    private readonly slots: UploadSlots,
  ) {}

  /** Every file under `prefix`, or (not recursive) its files and immediate sub-folders. */
  async list(area: LibraryArea, prefix: string | undefined, recursive: boolean): Promise<LibraryListReply> {
    const folder = checkedName(() => parsePrefix(prefix));
    const rows = (await this.dataSource.query(
      `SELECT path, size, uploaded_at AS "uploadedAt", content_type AS "contentType" FROM library_files
       WHERE area = $1 AND ($2 = '' OR starts_with(path, $2 || '/'))`,
      [area, folder],
    )) as Array<Pick<LibraryFile, 'path' | 'size' | 'uploadedAt' | 'contentType'>>;
    if (recursive) return { files: rows.map(toReply).sort(byName), folders: [] };
    const start = folder ? folder.length + 1 : 0;
    const files: LibraryFileReply[] = [];
    const folders = new Set<string>();
    for (const row of rows) {
      const slash = row.path.indexOf('/', start);
      if (slash === -1) files.push(toReply(row));
      else folders.add(row.path.slice(0, slash));
    }
    return {
      files: files.sort(byName),
      folders: [...folders]
        .map((name) => ({ name }))
        .sort(byName)
        .map(({ name }) => name),
    };
  }

  /**
   * Streams the file to storage under a new id, then points the path at it in one transaction
   * (serialised per path); a file it replaces loses its row in the same transaction and its bytes
   * right after.
   */
  upload(admin: AuthUser, scope: AuditScope, area: LibraryArea, request: FastifyRequest): Promise<LibraryUploadReply> {
    // Library uploads take no vault quota, but they hold memory like any other: the same slots.
    assertMultipart(request);
    return this.slots.run(admin.id, expectedUploadBytes(request), (signal) =>
      this.receive(admin, scope, area, request, signal),
    );
  }

  private async receive(
    admin: AuthUser,
    scope: AuditScope,
    area: LibraryArea,
    request: FastifyRequest,
    signal: AbortSignal,
  ): Promise<LibraryUploadReply> {
    const id = randomUUID();
    const key = storageKey('library', area, id);
    const { stored, fileName, fields } = await receiveUpload(this.storage, request, {
      key,
      signal,
      fields: ['folder'],
      precheck: () => this.limiter.consume(RATE_LIMITS.libraryUploadPerAccount, admin.id),
      // A folder sent before the file is checked before its bytes are stored.
      beforeFile: (sent) => {
        if (sent.folder !== undefined) checkedName(() => normalizeFolder(sent.folder, { allowRoot: true }));
      },
    });
    try {
      const path = checkedName(() => libraryPath(fields.folder, fileName));
      const { file, replaced } = await this.dataSource.transaction(async (manager) => {
        await lockPath(manager, area, path);
        const repository = manager.getRepository(LibraryFile);
        const previous = await repository.findOneBy({ area, path });
        if (previous) await repository.delete({ id: previous.id });
        const row = repository.create({
          id,
          area,
          path,
          storageKey: key,
          size: stored.size,
          contentType: stored.contentType,
          sha256: stored.sha256,
          uploadedBy: admin.id,
        });
        const saved = await repository.save(row);
        await this.audit.record(manager, scope, 'library.file_uploaded', `file:${id}`, {
          area,
          path,
          size: stored.size,
          replaced: previous !== null,
        });
        return { file: saved, replaced: previous?.storageKey };
      });
      if (replaced) await discard(this.storage, replaced);
      this.logger.log(`${area} file ${path} (${stored.size} bytes) uploaded by ${admin.id}`);
      return { message: MESSAGES.uploaded, file: toReply(file) };
    } catch (error) {
      await discard(this.storage, key);
      throw error;
    }
  }

  async download(area: LibraryArea, pathParam: string, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const file = await this.find(area, pathParam);
    await sendDownload(this.storage, request, reply, {
      key: file.storageKey,
      fileName: baseName(file.path),
      contentType: file.contentType,
      sha256: file.sha256,
      lastModified: file.uploadedAt,
    });
  }

  /**
   * The bytes first, then the row (see VaultService.remove), under the path's lock that uploads take:
   * what is deleted is the file at the path now, not one an upload has replaced meanwhile (which left
   * the new file in place after a delete reported done), and a delete that comes second finds nothing (404).
   */
  async remove(scope: AuditScope, area: LibraryArea, pathParam: string): Promise<MessageReply> {
    const path = checkedName(() => parseLibraryPath(pathParam));
    const file = await this.dataSource.transaction(async (manager) => {
      await lockPath(manager, area, path);
      const repository = manager.getRepository(LibraryFile);
      const found = await repository.findOneBy({ area, path });
      if (!found) throw new NotFoundException({ detail: MESSAGES.fileNotFound });
      await this.storage.delete(found.storageKey);
      await repository.delete({ id: found.id });
      await this.audit.record(manager, scope, 'library.file_deleted', `file:${found.id}`, { area, path });
      return found;
    });
    this.logger.log(`${area} file ${file.path} deleted by ${scope.actor_id}`);
    return { message: MESSAGES.deleted };
  }

  private async find(area: LibraryArea, pathParam: string): Promise<LibraryFile> {
    const path = checkedName(() => parseLibraryPath(pathParam));
    const file = await this.dataSource.getRepository(LibraryFile).findOneBy({ area, path });
    if (!file) throw new NotFoundException({ detail: MESSAGES.fileNotFound });
    return file;
  }
}
