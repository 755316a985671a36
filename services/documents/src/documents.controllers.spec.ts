import { Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthModule } from '@portal/auth';
import { ConfigModule } from '@portal/config';
import { callRoute, issueTestToken, startControllerApp } from '@portal/testing';
import type { FastifyReply } from 'fastify';
import { ClientVaultsController } from './client-vaults/client-vaults.controller';
import { ClientVaultsService } from './client-vaults/client-vaults.service';
import { LibraryController } from './library/library.controller';
import { LibraryService } from './library/library.service';
import { VaultController } from './vault/vault.controller';
import { VaultService } from './vault/vault.service';

const SECRET = 'a-documents-test-secret-of-at-least-32-chars';
const ID = '00000000-0000-4000-8000-0000000000dd';
const OWNER = '00000000-0000-4000-8000-0000000000ee';

// The services as these routes see them (the edge mocked): each answers which method ran and with what.
const sent = (reply: FastifyReply, body: object) => void reply.send(body);
const vault = {
  list: async () => ({ ran: 'vault.list' }),
  upload: async () => ({ ran: 'vault.upload' }),
  download: async (_user: unknown, id: string, _request: unknown, reply: FastifyReply) =>
    sent(reply, { ran: 'vault.download', id }),
  remove: async (_user: unknown, _scope: unknown, id: string) => ({ ran: 'vault.remove', id }),
};
const clientVaults = {
  clients: async () => ({ ran: 'clientVaults.clients' }),
  files: async (_admin: unknown, _scope: unknown, ownerId: string) => ({ ran: 'clientVaults.files', ownerId }),
  download: async (
    _admin: unknown,
    _scope: unknown,
    ownerId: string,
    fileId: string,
    _request: unknown,
    reply: FastifyReply,
  ) => sent(reply, { ran: 'clientVaults.download', ownerId, fileId }),
  accessLog: async (query: object) => ({ ran: 'clientVaults.accessLog', query }),
};
const library = {
  list: async (area: string, prefix: string | undefined, recursive: boolean) => ({
    ran: 'library.list',
    area,
    prefix,
    recursive,
  }),
  upload: async (_admin: unknown, _scope: unknown, area: string) => ({ ran: 'library.upload', area }),
  download: async (area: string, path: string, _request: unknown, reply: FastifyReply) =>
    sent(reply, { ran: 'library.download', area, path }),
  remove: async (_scope: unknown, area: string, path: string) => ({ ran: 'library.remove', area, path }),
};

@Module({
  imports: [ConfigModule, AuthModule],
  controllers: [VaultController, ClientVaultsController, LibraryController],
  providers: [
    { provide: VaultService, useValue: vault },
    { provide: ClientVaultsService, useValue: clientVaults },
    { provide: LibraryService, useValue: library },
  ],
})
class TestModule {}

type Method = 'GET' | 'POST' | 'DELETE';
interface Route {
  method: Method;
  url: string;
  ran: string;
}

const USER_ROUTES: Route[] = [
  { method: 'GET', url: '/api/vault/files', ran: 'vault.list' },
  { method: 'POST', url: '/api/vault/files', ran: 'vault.upload' },
  { method: 'GET', url: `/api/vault/files/${ID}`, ran: 'vault.download' },
  { method: 'DELETE', url: `/api/vault/files/${ID}`, ran: 'vault.remove' },
  { method: 'GET', url: '/api/files/forms', ran: 'library.list' },
  { method: 'GET', url: '/api/files/public/', ran: 'library.list' },
  { method: 'GET', url: '/api/files/forms/Tax%20forms/W-9.pdf', ran: 'library.download' },
  { method: 'GET', url: '/api/files/public/logo.svg', ran: 'library.download' },
];

const ADMIN_ROUTES: Route[] = [
  { method: 'POST', url: '/api/files/forms/', ran: 'library.upload' },
  { method: 'POST', url: '/api/files/public', ran: 'library.upload' },
  { method: 'DELETE', url: '/api/files/forms/Tax%20forms/W-9.pdf/', ran: 'library.remove' },
  { method: 'DELETE', url: '/api/files/public/logo.svg', ran: 'library.remove' },
  { method: 'GET', url: '/api/vault/admin/clients', ran: 'clientVaults.clients' },
  { method: 'GET', url: `/api/vault/admin/clients/${OWNER}/files`, ran: 'clientVaults.files' },
  { method: 'GET', url: `/api/vault/admin/clients/${OWNER}/files/${ID}`, ran: 'clientVaults.download' },
  { method: 'GET', url: '/api/vault/admin/access-log', ran: 'clientVaults.accessLog' },
];

describe('documents routes', () => {
  let app: NestFastifyApplication;
  const request = (route: { method: Method; url: string }, token?: string) => callRoute(app, route, token);
  const user = () => issueTestToken(SECRET, { role: 'user', user_type: 1 });
  const unverified = () => issueTestToken(SECRET, { role: 'user', user_type: 1, is_verified: false });
  const admin = () => issueTestToken(SECRET, { role: 'admin', user_type: 99 });

  beforeAll(async () => {
    app = await startControllerApp(TestModule, SECRET);
  });

  afterAll(() => app.close());

  describe.each(USER_ROUTES)('$method $url (verified users)', (route) => {
    it('401 without a token, and with an expired one', async () => {
      const response = await request(route);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Not authenticated' });
      expect((await request(route, issueTestToken(SECRET, {}, -60))).statusCode).toBe(401);
    });

    it('403 for a user whose e-mail is not verified', async () => {
      const response = await request(route, unverified());
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'Please verify your email address to use your documents.' });
    });

    it('reaches its handler for a verified user and for an admin', async () => {
      for (const token of [user(), admin()]) {
        const response = await request(route, token);
        expect(response.statusCode).toBeLessThan(300);
        expect(response.json()).toMatchObject({ ran: route.ran });
      }
    });
  });

  describe.each(ADMIN_ROUTES)('$method $url (admins only)', (route) => {
    it('401 without a token', async () => {
      expect((await request(route)).statusCode).toBe(401);
    });

    it('403 for a verified user who is not an admin', async () => {
      const response = await request(route, user());
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: 'You do not have permission to do this' });
    });

    it('reaches its handler for an admin', async () => {
      const response = await request(route, admin());
      expect(response.statusCode).toBeLessThan(300);
      expect(response.json()).toMatchObject({ ran: route.ran });
    });
  });

  it('passes the area, the decoded path and the listing options on', async () => {
    const download = await request({ method: 'GET', url: '/api/files/forms/Tax%20forms/R%C3%A9sum%C3%A9.pdf' }, user());
    expect(download.json()).toEqual({ ran: 'library.download', area: 'forms', path: 'Tax forms/Résumé.pdf' });
    const list = await request({ method: 'GET', url: '/api/files/public?prefix=Tax%20forms&recursive=true' }, user());
    expect(list.json()).toEqual({ ran: 'library.list', area: 'public', prefix: 'Tax forms', recursive: true });
    const remove = await request({ method: 'DELETE', url: '/api/files/forms/a/b.pdf/' }, admin());
    expect(remove.json()).toEqual({ ran: 'library.remove', area: 'forms', path: 'a/b.pdf' });
  });

  it('knows two libraries only, and refuses listing options it does not take', async () => {
    const unknown = await request({ method: 'GET', url: '/api/files/private' }, user());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Unknown file library "private": use forms or public.' });
    const recursive = await request({ method: 'GET', url: '/api/files/forms?recursive=yes' }, user());
    expect(recursive.statusCode).toBe(400);
    expect(recursive.json().detail).toBe('recursive must be true or false.');
    const owner = await request({ method: 'GET', url: '/api/vault/admin/access-log?owner_id=1' }, admin());
    expect(owner.statusCode).toBe(400);
  });

  it('documents every route in OpenAPI', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys((response.json() as { paths: object }).paths).sort()).toEqual([
      '/api/files/{area}',
      '/api/files/{area}/{path}',
      '/api/vault/admin/access-log',
      '/api/vault/admin/clients',
      '/api/vault/admin/clients/{ownerId}/files',
      '/api/vault/admin/clients/{ownerId}/files/{fileId}',
      '/api/vault/files',
      '/api/vault/files/{id}',
    ]);
  });
});
