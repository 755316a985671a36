import { Injectable, Logger, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@portal/auth';
import { AppConfig } from '@portal/config';
import { type MessageReply, VAULT_FULL, type VaultListReply, type VaultUploadReply } from '@portal/contracts';
import { AuditTrail, type AuditScope, Outbox, QUEUES } from '@portal/events';
import { RateLimiter } from '@portal/http';
import { FileStorage, storageKey } from '@portal/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { MESSAGES } from '../common/messages';
import { RATE_LIMITS } from '../common/rate-limits';
import { UUID } from '../common/sql';
import { sendDownload } from '../files/downloads';
import { UploadSlots } from '../files/upload-slots';
import { assertMultipart, discard, expectedUploadBytes, receiveUpload } from '../files/uploads';
import { VaultFile } from './vault-file.entity';
import { toVaultFileReply } from './vault-view';

/** Where the staff open a client's documents (the web's admin view of one vault). */
export const clientDocumentsPath = (ownerId: string) => `/admin/documents/${ownerId}`;

/**
 * Most of a one-file vault upload's Content-Length that is not the file: boundaries and part headers (a
 * file name is at most 255 bytes), with room to spare. Tighter than MULTIPART_OVERHEAD_BYTES, the size
 * limit's allowance (a library upload's folder field too): the quota's first check refuses a file that
 * cannot fit before its bytes are sent, and only the second check, on the stored size, is exact.
 */
const MULTIPART_FRAMING_BYTES = 4096;

/**
 * A verified client's own files. Every query is scoped to the signed-in owner, so someone else's
 * id answers exactly like an unknown one (404): nothing tells a guesser that a file exists.
 */
@Injectable()
export class VaultService {
  private readonly logger = new Logger(VaultService.name);

  constructor(
    @InjectDataSource('documents') private readonly dataSource: DataSource,
    private readonly storage: FileStorage,
    private readonly outbox: Outbox,
    private readonly limiter: RateLimiter,
    private readonly config: AppConfig,
    private readonly audit: AuditTrail,
    private readonly slots: UploadSlots,
  ) {}

  /** Newest first. */
  async list(user: AuthUser): Promise<VaultListReply> {
    const files = await this.dataSource.getRepository(VaultFile).find({
      where: { ownerId: user.id },
      order: { uploadedAt: 'DESC', id: 'DESC' },
    });
    return { files: files.map(toVaultFileReply) };
  }

  /**
   * Streams the file to storage under a key of ids, then writes its row, the staff mail and the
   * audit entry in one transaction: the row exists only once the object is complete, and the mail
   * and the entry only with the row.
   */
  upload(user: AuthUser, scope: AuditScope, request: FastifyRequest): Promise<VaultUploadReply> {
    assertMultipart(request);
    return this.slots.run(user.id, expectedUploadBytes(request), (signal) =>
      this.receive(user, scope, request, signal),
    );
  }

  /**
   * The quota is checked twice: before a byte is read (what is stored plus the declared length less
   * MULTIPART_FRAMING_BYTES, so a file that just fits is not refused for its envelope), and again with
   * the row, under a lock of the owner, so that two uploads under way at once cannot both take the last
   * room; the one that no longer fits loses its object and is refused like the first check refuses.
   */
  private async receive(
    user: AuthUser,
    scope: AuditScope,
    request: FastifyRequest,
    signal: AbortSignal,
  ): Promise<VaultUploadReply> {
    const id = randomUUID();
    const key = storageKey('vault', user.id, id);
    const { stored, fileName } = await receiveUpload(this.storage, request, {
      key,
      signal,
      precheck: async () => {
        await this.limiter.consume(RATE_LIMITS.vaultUploadPerAccount, user.id);
        const declared = Number(request.headers['content-length']);
        const file = Number.isFinite(declared) ? Math.max(0, declared - MULTIPART_FRAMING_BYTES) : 0;
        await this.checkQuota(this.dataSource.manager, user.id, file);
      },
    });
    try {
      const file = await this.dataSource.transaction(async (manager) => {
        await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`vault-quota:${user.id}`]);
        await this.checkQuota(manager, user.id, stored.size);
        const row = await manager.getRepository(VaultFile).save(
          manager.getRepository(VaultFile).create({
            id,
            ownerId: user.id,
            ownerEmail: user.email,
            fileName,
            storageKey: key,
            size: stored.size,
            contentType: stored.contentType,
            sha256: stored.sha256,
            uploadedBy: user.id,
          }),
        );
        await this.outbox.enqueue(manager, QUEUES.mail, 'template', {
          template: 'vault-upload',
          to: this.config.STAFF_EMAIL,
          data: {
            clientEmail: user.email,
            fileName,
            size: stored.size,
            uploadedAt: row.uploadedAt.toISOString(),
            link: `${this.config.appUrl}${clientDocumentsPath(user.id)}`,
          },
        });
        await this.audit.record(manager, scope, 'vault.file_uploaded', `file:${id}`, {
          owner_id: user.id,
          owner_email: user.email,
          file_name: fileName,
          size: stored.size,
        });
        return row;
      });
      this.logger.log(`vault file ${id} (${stored.size} bytes) uploaded by ${user.id}`);
      return { message: MESSAGES.uploaded, file: toVaultFileReply(file) };
    } catch (error) {
      await discard(this.storage, key);
      throw error;
    }
  }

  async download(user: AuthUser, id: string, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const file = await this.findOwn(user, id);
    await sendDownload(this.storage, request, reply, {
      key: file.storageKey,
      fileName: file.fileName,
      contentType: file.contentType,
      sha256: file.sha256,
      lastModified: file.uploadedAt,
    });
  }

  /**
   * The object first, then the row: when the client is told the file is deleted, its bytes are
   * gone. If the row cannot be removed after that, the file stays listed and a retry finishes the
   * job (a download meanwhile answers 404). A download already streaming reads on to its end. The
   * audit entry goes with the row (a client's deleted document stays on the firm's record).
   */
  async remove(user: AuthUser, scope: AuditScope, id: string): Promise<MessageReply> {
    const file = await this.findOwn(user, id);
    await this.storage.delete(file.storageKey);
    await this.dataSource.transaction(async (manager) => {
      const { affected } = await manager.getRepository(VaultFile).delete({ id: file.id, ownerId: user.id });
      // A concurrent delete of the same file removed the row (and recorded it) first.
      if (affected) {
        await this.audit.record(manager, scope, 'vault.file_deleted', `file:${file.id}`, {
          owner_id: user.id,
          owner_email: file.ownerEmail,
          file_name: file.fileName,
          size: file.size,
        });
      }
    });
    this.logger.log(`vault file ${file.id} deleted by ${user.id}`);
    return { message: MESSAGES.deleted };
  }

  /**
   * Refuses an upload of `adding` bytes that would take the owner's vault past the quota: 413, the
   * request's content more than we take, as for a file over 200 MB; not 507, a 5xx that says the
   * server failed (it would count against our error rate, and clients and proxies may retry a 5xx).
   */
  private async checkQuota(manager: EntityManager, ownerId: string, adding: number): Promise<void> {
    const quota = this.config.VAULT_QUOTA_BYTES;
    if ((await this.usedBytes(manager, ownerId)) + adding > quota) {
      throw new PayloadTooLargeException({ detail: VAULT_FULL(quota) });
    }
  }

  private async usedBytes(manager: EntityManager, ownerId: string): Promise<number> {
    const [{ used }] = (await manager.query(
      'SELECT COALESCE(SUM(size), 0)::bigint AS used FROM vault_files WHERE owner_id = $1',
      [ownerId],
    )) as Array<{ used: string }>;
    return Number(used);
  }

  private async findOwn(user: AuthUser, id: string): Promise<VaultFile> {
    const file = UUID.test(id)
      ? await this.dataSource.getRepository(VaultFile).findOneBy({ id, ownerId: user.id })
      : null;
    if (!file) throw new NotFoundException({ detail: MESSAGES.fileNotFound });
    return file;
  }
}
