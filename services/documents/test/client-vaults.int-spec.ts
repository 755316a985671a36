import type { ClientVaultReply, VaultAccessPageReply, VaultClientListReply, VaultUploadReply } from '@portal/contracts';
import { randomBytes } from 'node:crypto';
import { DocumentsApp, sha256 } from './documents-fixtures';

/** The admins' read-only view of a client's vault, and the record of every look. */
describe("admins and a client's vault", () => {
  const app = new DocumentsApp('local');

  beforeAll(() => app.start());
  afterAll(() => app.stop());

  it('lists clients with files, shows one vault and downloads from it, recording who, which file and when', async () => {
    const data = randomBytes(4096);
    const upload = await app.upload('/vault/files', app.clientA.token, [
      { name: 'file', filename: 'Driver license.jpg', contentType: 'image/jpeg', data },
    ]);
    const file = upload.json<VaultUploadReply>().file;
    const ownerId = app.clientA.userId;

    const clients = await app.fetch('/vault/admin/clients', { token: app.adminToken });
    expect(clients.json<VaultClientListReply>().clients).toEqual([
      {
        owner_id: ownerId,
        owner_email: app.clientA.email,
        file_count: 1,
        total_size: 4096,
        last_uploaded_at: file.uploaded_at,
      },
    ]);
    // Knowing who has files reads none: nothing recorded yet.
    expect(
      (await app.fetch('/vault/admin/access-log', { token: app.adminToken })).json<VaultAccessPageReply>().total,
    ).toBe(0);

    const before = new Date();
    const vault = await app.fetch(`/vault/admin/clients/${ownerId}/files`, { token: app.adminToken });
    expect(vault.json<ClientVaultReply>()).toEqual({
      owner_id: ownerId,
      owner_email: app.clientA.email,
      files: [file],
    });
    const download = await app.fetch(`/vault/admin/clients/${ownerId}/files/${file.id}`, { token: app.adminToken });
    expect(download.status).toBe(200);
    expect(sha256(download.body)).toBe(sha256(data));
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="Driver license.jpg"/);

    const log = (
      await app.fetch(`/vault/admin/access-log?owner_id=${ownerId}`, { token: app.adminToken })
    ).json<VaultAccessPageReply>();
    expect(log.total).toBe(2);
    expect(log.items).toEqual([
      expect.objectContaining({ action: 'download', file_id: file.id, file_name: 'Driver license.jpg' }),
      expect.objectContaining({ action: 'list', file_id: null, file_name: null }),
    ]);
    for (const entry of log.items) {
      expect(entry).toMatchObject({
        admin_id: app.adminId,
        admin_email: app.adminEmail,
        owner_id: ownerId,
        owner_email: app.clientA.email,
      });
      expect(new Date(entry.accessed_at).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    }

    // The record outlives the file, and cannot be rewritten.
    await app.fetch(`/vault/files/${file.id}`, { method: 'DELETE', token: app.clientA.token });
    expect(
      (await app.fetch('/vault/admin/access-log', { token: app.adminToken })).json<VaultAccessPageReply>().total,
    ).toBe(2);
    await expect(app.sql('DELETE FROM documents.vault_access_log')).rejects.toThrow('vault_access_log is append-only');
    await expect(app.sql("UPDATE documents.vault_access_log SET admin_email = 'x'")).rejects.toThrow('append-only');
  });

  it('is read-only and for admins only; unknown clients and files are 404s, not records', async () => {
    const upload = await app.upload('/vault/files', app.clientB.token, [
      { name: 'file', filename: 'bank.pdf', data: randomBytes(100) },
    ]);
    const file = upload.json<VaultUploadReply>().file;
    const ownerId = app.clientB.userId;
    for (const path of [
      '/vault/admin/clients',
      `/vault/admin/clients/${ownerId}/files`,
      `/vault/admin/clients/${ownerId}/files/${file.id}`,
      '/vault/admin/access-log',
    ]) {
      expect((await app.fetch(path, { token: app.clientA.token })).status).toBe(403);
    }
    // No admin route writes: a delete of a client's file by id is only the owner's (404 for the admin).
    expect(
      (await app.fetch(`/vault/admin/clients/${ownerId}/files/${file.id}`, { method: 'DELETE', token: app.adminToken }))
        .status,
    ).toBe(404);
    expect((await app.fetch(`/vault/files/${file.id}`, { method: 'DELETE', token: app.adminToken })).status).toBe(404);

    const total = async () =>
      (await app.fetch('/vault/admin/access-log', { token: app.adminToken })).json<VaultAccessPageReply>().total;
    const counted = await total();
    const unknownClient = await app.fetch('/vault/admin/clients/00000000-0000-4000-8000-000000000000/files', {
      token: app.adminToken,
    });
    expect([unknownClient.status, unknownClient.json()]).toEqual([
      404,
      { detail: 'This client has no files in the vault.' },
    ]);
    const wrongOwner = await app.fetch(`/vault/admin/clients/${app.clientA.userId}/files/${file.id}`, {
      token: app.adminToken,
    });
    expect(wrongOwner.status).toBe(404);
    expect(await total()).toBe(counted);
  });
});
