import { createMemoryStorage, type StorageLike } from '../storage/storage';
import { ApiError, createApiClient, type ApiClient, type LocationLike } from './client';

interface Call {
  url: string;
  init: RequestInit;
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** `reply` makes a fresh Response per call: a body can be read only once. */
function setup(reply: () => Response = () => jsonResponse(200, { ok: true })) {
  const storage: StorageLike = createMemoryStorage();
  const calls: Call[] = [];
  const navigations: string[] = [];
  const location: LocationLike = { pathname: '/profile', search: '?tab=billing&x=a b', hash: '#subscriptions' };
  const client: ApiClient = createApiClient({
    storage,
    navigate: (url) => navigations.push(url),
    location,
    fetch: (url, init) => {
      calls.push({ url, init });
      return Promise.resolve(reply());
    },
  });
  return { client, storage, calls, navigations };
}

function headersOf(call: Call): Headers {
  return new Headers(call.init.headers);
}

describe('createApiClient', () => {
  it('calls /api{path} and returns the parsed JSON reply', async () => {
    const { client, calls } = setup(() => jsonResponse(200, [{ id: 1, title: 'Books' }]));

    await expect(client.get('/menu/')).resolves.toEqual([{ id: 1, title: 'Books' }]);

    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/menu/');
    expect(calls[0].init.method).toBe('GET');
    expect(calls[0].init.body).toBeUndefined();
  });

  it('sends the stored token as a Bearer header', async () => {
    const { client, storage, calls } = setup();
    storage.setItem('token', 'abc.def.ghi');

    await client.get('/profiles/me');

    expect(headersOf(calls[0]).get('Authorization')).toBe('Bearer abc.def.ghi');
  });

  it('sends no Authorization header without a stored token', async () => {
    const { client, calls } = setup();

    await client.get('/menu/');

    expect(headersOf(calls[0]).has('Authorization')).toBe(false);
  });

  it('encodes a plain body as JSON with a JSON content type', async () => {
    const { client, calls } = setup();

    await client.post('/messages/', { name: 'Ann', email: 'ann@example.com', phone: null, message: 'Hi' });

    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.body).toBe('{"name":"Ann","email":"ann@example.com","phone":null,"message":"Hi"}');
    expect(headersOf(calls[0]).get('Content-Type')).toBe('application/json');
  });

  it('passes FormData through untouched and leaves its content type to fetch', async () => {
    const { client, calls } = setup();
    const form = new FormData();
    form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');

    await client.post('/vault/files', form);

    expect(calls[0].init.body).toBe(form);
    expect(headersOf(calls[0]).has('Content-Type')).toBe(false);
  });

  it('passes URLSearchParams through untouched (the form-encoded login call)', async () => {
    const { client, calls } = setup(() => jsonResponse(200, { access_token: 't', is_verified: true }));
    const form = new URLSearchParams({ username: 'ann@example.com', password: 'secret-1!' });

    await client.post('/auth/login', form);

    expect(calls[0].init.body).toBe(form);
    expect(headersOf(calls[0]).has('Content-Type')).toBe(false);
  });

  it('lets a call outlive the page when asked (keepalive), and only then', async () => {
    const { client, calls } = setup();

    await client.post('/auth/logout', undefined, { keepalive: true });
    await client.post('/auth/two-factor/setup');

    expect(calls.map((call) => call.init.keepalive)).toEqual([true, undefined]);
  });

  it('resolves to undefined on an empty reply', async () => {
    const { client } = setup(() => new Response(null, { status: 204 }));

    await expect(client.delete('/vault/files/1')).resolves.toBeUndefined();
  });

  it('rejects with an ApiError carrying the status, the detail and the body', async () => {
    const { client } = setup(() => jsonResponse(400, { detail: 'Invite code has expired', code: 'expired' }));

    const error = await client.get('/invite-codes/ABC').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      detail: 'Invite code has expired',
      message: 'Invite code has expired',
      body: { detail: 'Invite code has expired', code: 'expired' },
    });
  });

  it('falls back to message, then to the status, when the error body has no detail', async () => {
    const withMessage = setup(() => jsonResponse(409, { message: 'Already subscribed' }));
    await expect(withMessage.client.post('/newsletter/subscribe/', {})).rejects.toMatchObject({
      detail: 'Already subscribed',
    });

    const htmlPage = setup(
      () =>
        new Response('<html>Bad gateway</html>', {
          status: 502,
          statusText: 'Bad Gateway',
          headers: { 'Content-Type': 'text/html' },
        }),
    );
    await expect(htmlPage.client.get('/menu/')).rejects.toMatchObject({
      status: 502,
      detail: 'Request failed: 502 Bad Gateway',
      body: '<html>Bad gateway</html>',
    });

    const broken = setup(
      () => new Response('{not json', { status: 500, headers: { 'Content-Type': 'application/json' } }),
    );
    await expect(broken.client.get('/menu/')).rejects.toMatchObject({
      status: 500,
      detail: 'Request failed with status 500',
      body: '{not json',
    });
  });

  describe('on a 401', () => {
    function signedIn(reply: () => Response) {
      const context = setup(reply);
      context.storage.setItem('user', '{"id":"u1","email":"ann@example.com"}');
      context.storage.setItem('token', 'expired-token');
      return context;
    }

    it('clears the stored session and sends the browser to sign in, back to path, query and hash', async () => {
      const { client, storage, navigations } = signedIn(() => jsonResponse(401, { detail: 'Token expired' }));

      await expect(client.get('/profiles/me')).rejects.toMatchObject({ status: 401, detail: 'Token expired' });

      expect(storage.getItem('user')).toBeNull();
      expect(storage.getItem('token')).toBeNull();
      expect(navigations).toEqual([
        '/signin?session_expired=true&redirect=%2Fprofile%3Ftab%3Dbilling%26x%3Da%20b%23subscriptions',
      ]);
    });

    it('does the same for writes and for other auth calls', async () => {
      const { client, navigations } = signedIn(() => jsonResponse(401, { detail: 'Not authenticated' }));

      await expect(client.put('/profiles/me', { first_name: 'Ann' })).rejects.toBeInstanceOf(ApiError);
      await expect(client.get('/auth/login')).rejects.toBeInstanceOf(ApiError);

      expect(navigations).toHaveLength(2);
    });

    it('from the login call surfaces the error and keeps the session and the page', async () => {
      const { client, storage, navigations } = signedIn(() =>
        jsonResponse(401, { detail: 'Incorrect email or password' }),
      );

      const error = await client
        .post('/auth/login', new URLSearchParams({ username: 'ann@example.com', password: 'wrong' }))
        .catch((e: unknown) => e);

      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 401, detail: 'Incorrect email or password' });
      expect(navigations).toEqual([]);
      expect(storage.getItem('user')).toBe('{"id":"u1","email":"ann@example.com"}');
      expect(storage.getItem('token')).toBe('expired-token');
    });

    it('from the sign-out call keeps the page and a session begun since (its token had expired)', async () => {
      const { client, storage, navigations } = signedIn(() => jsonResponse(401, { detail: 'Not authenticated' }));

      await expect(client.post('/auth/logout')).rejects.toMatchObject({ status: 401 });

      expect(navigations).toEqual([]);
      expect(storage.getItem('token')).toBe('expired-token');
    });

    it('treats the login path with a trailing slash or a query as the login call', async () => {
      const { client, navigations } = signedIn(() => jsonResponse(401, { detail: 'Incorrect email or password' }));

      await expect(client.post('/auth/login/', new URLSearchParams())).rejects.toMatchObject({ status: 401 });
      await expect(client.post('/auth/login?next=1', new URLSearchParams())).rejects.toMatchObject({ status: 401 });

      expect(navigations).toEqual([]);
    });
  });

  it('does not end the session on other errors', async () => {
    const { client, storage, navigations } = setup(() => jsonResponse(403, { detail: 'Admins only' }));
    storage.setItem('token', 'valid-token');

    await expect(client.get('/invite-codes/')).rejects.toMatchObject({ status: 403, detail: 'Admins only' });

    expect(navigations).toEqual([]);
    expect(storage.getItem('token')).toBe('valid-token');
  });

  it('refuses a path without a leading slash instead of calling a wrong URL', async () => {
    const { client, calls } = setup();

    await expect(client.get('menu/')).rejects.toThrow("API paths start with '/': got 'menu/'");
    expect(calls).toEqual([]);
  });
});
