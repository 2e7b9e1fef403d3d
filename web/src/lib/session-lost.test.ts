import { messages } from '@shop/shared';
import { toast } from './toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from './navigation';
import { sessionLost } from './session-lost';

vi.mock('./toast', () => ({ toast: { error: vi.fn() } }));
vi.mock('./navigation', () => ({ navigateTo: vi.fn() }));

const fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
vi.stubGlobal('fetch', fetchMock);

afterEach(() => {
  vi.clearAllMocks();
});

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('sessionLost', () => {
  it('tells a customer on an admin page that they are not an admin and sends them to /login', async () => {
    sessionLost('notAdmin');
    expect(toast.error).toHaveBeenCalledWith(messages.unauthorizedNotAdmin, { id: 'session-lost' });
    expect(navigateTo).toHaveBeenCalledWith('/login');
    await nextTask();
  });

  it('ends the session on the server too, once per access', async () => {
    sessionLost('notAdmin');
    sessionLost('login');
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/user/logout',
      expect.objectContaining({ method: 'POST', credentials: 'same-origin' }),
    );
    await nextTask();
  });

  it('still clears the session and moves on when the server cannot be reached', async () => {
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    sessionLost('login');
    expect(navigateTo).toHaveBeenCalledWith('/login');
    await nextTask();
  });

  it('keeps the first message when the login check echoes the same access', async () => {
    sessionLost('notAdmin');
    sessionLost('login');
    expect(toast.error).toHaveBeenCalledOnce();
    expect(toast.error).toHaveBeenCalledWith(messages.unauthorizedNotAdmin, { id: 'session-lost' });
    await nextTask();
    sessionLost();
    expect(toast.error).toHaveBeenLastCalledWith(messages.unauthorizedLogin, { id: 'session-lost' });
    await nextTask();
  });
});
