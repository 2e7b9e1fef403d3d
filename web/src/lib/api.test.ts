import { messages } from '@shop/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, apiUpload } from './api';
import { ApiError } from './api-error';
import { sessionLost } from './session-lost';

vi.mock('./session-lost', () => ({ sessionLost: vi.fn() }));

function answer(status: number, body?: unknown, headers: Record<string, string> = {}) {
  const text = body === undefined ? '' : JSON.stringify(body);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(status === 204 ? null : text, { status, headers })),
  );
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
  return error;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('api', () => {
  it('resolves a 2xx answer to its status and body', async () => {
    answer(201, { message: messages.registered });
    await expect(api('/api/user/register', { method: 'POST', body: {} })).resolves.toMatchObject({
      status: 201,
      body: { message: messages.registered },
    });
  });

  it("gives the answer's headers too (a paged list's total)", async () => {
    answer(200, [], { 'X-Total-Count': '1234' });
    const { headers } = await api('/api/getAllUsers?page=30');
    expect(headers.get('x-total-count')).toBe('1234');
  });

  it('resolves a 204 answer with a null body', async () => {
    answer(204);
    await expect(api('/api/user/update', { method: 'PATCH', body: {} })).resolves.toMatchObject({
      status: 204,
      body: null,
    });
  });

  it('rejects with the message that is the body, and the issues of its header', async () => {
    const issues = [{ path: 'email', message: messages.invalidEmail }];
    answer(400, messages.invalidEmail, { 'X-Error-Issues': encodeURIComponent(JSON.stringify(issues)) });
    const error = await failure(api('/api/user/register', { method: 'POST', body: {} }));
    expect(error).toMatchObject({ status: 400, message: messages.invalidEmail, issues });
  });

  it('treats a wrong password 401 as an ordinary error', async () => {
    answer(401, messages.wrongCredentials);
    const error = await failure(api('/api/user/login', { method: 'POST', body: {} }));
    expect(error.sessionLost).toBe(false);
    expect(sessionLost).not.toHaveBeenCalled();
  });

  it('ends the client session when the server says a login is required', async () => {
    answer(401, messages.loginRequired);
    const error = await failure(api('/api/get-user'));
    expect(error.sessionLost).toBe(true);
    expect(sessionLost).toHaveBeenCalledOnce();
  });

  it('ends the client session when the server says only an admin may do this', async () => {
    answer(403, messages.adminOnly);
    const error = await failure(api('/api/getAllUsers'));
    expect(error).toMatchObject({ status: 403, sessionLost: true });
    expect(sessionLost).toHaveBeenCalledWith('notAdmin');
  });

  it('treats any other 403 as an ordinary error', async () => {
    answer(403, messages.foreignOrigin);
    const error = await failure(api('/api/addProduct', { method: 'POST', body: {} }));
    expect(error.sessionLost).toBe(false);
    expect(sessionLost).not.toHaveBeenCalled();
  });

  it('uploads form data with the session cookie and lets the browser set the content type', async () => {
    answer(201, { url: '/uploads/a.webp' });
    const form = new FormData();
    form.append('image', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await expect(apiUpload('/api/admin/uploads', form)).resolves.toMatchObject({
      status: 201,
      body: { url: '/uploads/a.webp' },
    });
    const [, init] = vi.mocked(fetch).mock.calls[0] as [string, RequestInit];
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: form });
    expect(init.headers).not.toHaveProperty('Content-Type');
  });

  it('ignores an issues header that is not a list of issues', async () => {
    answer(400, messages.invalidEmail, { 'X-Error-Issues': encodeURIComponent('{"path":1}') });
    const error = await failure(api('/api/user/register', { method: 'POST', body: {} }));
    expect(error).toMatchObject({ status: 400, message: messages.invalidEmail, issues: [] });
  });

  it('reports an unreachable server with a readable message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await failure(api('/api/get-user'));
    expect(error).toMatchObject({ status: 0, message: messages.networkError });
  });
});
