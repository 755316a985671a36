import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { AuthUser } from '@portal/auth';
import {
  type ClientVaultReply,
  type VaultAccessAction,
  type VaultAccessPageReply,
  type VaultAccessQuery,
  type VaultAccessReply,
  type VaultClientListReply,
} from '@portal/contracts';
import { AuditTrail, type AuditScope } from '@portal/events';
import { KeysetOrder, readCursorPage, type KeysetRow } from '@portal/http';
import { FileStorage } from '@portal/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { MESSAGES } from '../common/messages';
import { iso, UUID } from '../common/sql';
import { sendDownload } from '../files/downloads';
import { VaultFile } from '../vault/vault-file.entity';
import { toVaultFileReply } from '../vault/vault-view';
import { VaultAccess } from './vault-access.entity';

/** Clients listed at most, most recent upload first (a firm's active clients fit many times over). */
const MAX_CLIENTS = 1000;

/** The access log's order; vault_access_log_accessed_at_idx (and the owner's index) serve it. */
const NEWEST_FIRST = new KeysetOrder('accessed_at', 'id', 'DESC');

/** A vault_access_log row as SQL reads it: the reply's fields, its time a Date, and the keyset's. */
type AccessRow = KeysetRow & Omit<VaultAccessReply, 'accessed_at'> & { accessed_at: Date };

interface ClientRow {
  owner_id: string;
  owner_email: string;
  file_count: number;
  total_size: string;
  last_uploaded_at: Date;
}

/**
 * The admins' read-only view of the clients' vaults. Reading a client's files (their list or one
 * file) is recorded first, in the append-only access log: no record, no answer. A file's download is
 * recorded once its object is open, before its bytes go out: a HEAD, or a file gone from storage, read nothing.
 */
@Injectable()
export class ClientVaultsService {
  private readonly logger = new Logger(ClientVaultsService.name);

  constructor(
    @InjectDataSource('documents') private readonly dataSource: DataSource,
    private readonly storage: FileStorage,
    private readonly audit: AuditTrail,
  ) {}

  /** Who has files: names and counts only (no file is read, nothing recorded). */
  async clients(): Promise<VaultClientListReply> {
    const rows = (await this.dataSource.query(
      `SELECT owner_id,
              (array_agg(owner_email ORDER BY uploaded_at DESC))[1] AS owner_email,
              count(*)::int AS file_count,
              sum(size)::bigint AS total_size,
              max(uploaded_at) AS last_uploaded_at
       FROM vault_files GROUP BY owner_id ORDER BY max(uploaded_at) DESC, owner_id LIMIT $1`,
      [MAX_CLIENTS],
    )) as ClientRow[];
    return {
      clients: rows.map((row) => ({
        owner_id: row.owner_id,
        owner_email: row.owner_email,
        file_count: row.file_count,
        total_size: Number(row.total_size),
        last_uploaded_at: iso(row.last_uploaded_at),
      })),
    };
  }

  async files(admin: AuthUser, scope: AuditScope, ownerId: string): Promise<ClientVaultReply> {
    const files = UUID.test(ownerId)
      ? await this.dataSource.getRepository(VaultFile).find({
          where: { ownerId },
          order: { uploadedAt: 'DESC', id: 'DESC' },
        })
      : [];
    if (files.length === 0) throw new NotFoundException({ detail: MESSAGES.clientNotFound });
    const ownerEmail = files[0].ownerEmail;
    await this.record(admin, scope, { ownerId, ownerEmail, action: 'list' });
    return { owner_id: ownerId, owner_email: ownerEmail, files: files.map(toVaultFileReply) };
  }

  async download(
    admin: AuthUser,
    scope: AuditScope,
    ownerId: string,
    fileId: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const file =
      UUID.test(ownerId) && UUID.test(fileId)
        ? await this.dataSource.getRepository(VaultFile).findOneBy({ id: fileId, ownerId })
        : null;
    if (!file) throw new NotFoundException({ detail: MESSAGES.fileNotFound });
    await sendDownload(
      this.storage,
      request,
      reply,
      {
        key: file.storageKey,
        fileName: file.fileName,
        contentType: file.contentType,
        sha256: file.sha256,
        lastModified: file.uploadedAt,
      },
      () => this.record(admin, scope, { ownerId, ownerEmail: file.ownerEmail, action: 'download', file }),
    );
  }

  /**
   * Newest first, by keyset (one client's with owner_id): the page after `before`, so accesses recorded
   * while an admin reads on do not push rows already shown onto the next page.
   */
  async accessLog(query: VaultAccessQuery): Promise<VaultAccessPageReply> {
    const owner = query.owner_id ? { conditions: ['owner_id = $1'], values: [query.owner_id] } : undefined;
    const page = await readCursorPage<AccessRow>(
      this.dataSource,
      { from: 'vault_access_log', conditions: owner?.conditions ?? [], values: owner?.values ?? [] },
      NEWEST_FIRST,
      query,
    );
    return { items: page.rows.map(toAccessReply), total: page.total, next_cursor: page.nextCursor };
  }

  /** The vault's own access log and the audit log, in one transaction. */
  private async record(
    admin: AuthUser,
    scope: AuditScope,
    access: { ownerId: string; ownerEmail: string; action: VaultAccessAction; file?: VaultFile },
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.getRepository(VaultAccess).insert({
        adminId: admin.id,
        adminEmail: admin.email,
        ownerId: access.ownerId,
        ownerEmail: access.ownerEmail,
        action: access.action,
        fileId: access.file?.id ?? null,
        fileName: access.file?.fileName ?? null,
      });
      const client = { owner_id: access.ownerId, owner_email: access.ownerEmail };
      if (access.file) {
        await this.audit.record(manager, scope, 'vault.file_downloaded', `file:${access.file.id}`, {
          ...client,
          file_name: access.file.fileName,
        });
      } else {
        await this.audit.record(manager, scope, 'vault.listed', `user:${access.ownerId}`, client);
      }
    });
    this.logger.log(
      `admin ${admin.id} ${access.action === 'list' ? 'listed the vault' : `downloaded ${access.file?.id}`} of ${access.ownerId}`,
    );
  }
}

function toAccessReply(row: AccessRow): VaultAccessReply {
  return {
    id: row.id,
    admin_id: row.admin_id,
    admin_email: row.admin_email,
    owner_id: row.owner_id,
    owner_email: row.owner_email,
    action: row.action,
    file_id: row.file_id,
    file_name: row.file_name,
    accessed_at: iso(row.accessed_at),
  };
}
