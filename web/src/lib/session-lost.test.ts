import { messages } from '@shop/shared';
import { toast } from './toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from './navigation';
import { sessionLost } from './session-lost';

vi.mock('./toast', () => ({ toast: { error: vi.fn() } }));
vi.mock('./navigation', () => ({ navigateTo: vi.fn() }));

const fetchMock = vi.fn(() => Promise.resolve(new Response('{}')));
vi.stubGlobal('fetch', fetchMock);
// The page the shopper was on when the access was refused.
vi.stubGlobal('window', { location: { pathname: '/item/p-1', search: '?from=list' } });

// Each test is a new access, well after the one before it.
let clock = Date.UTC(2030, 0, 1);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  clock += 60_000;
  vi.setSystemTime(clock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('sessionLost', () => {
  it('tells a customer on an admin page that they are not an admin and sends them to /login', () => {
    sessionLost('notAdmin');
    expect(toast.error).toHaveBeenCalledWith(messages.unauthorizedNotAdmin, { id: 'session-lost' });
    expect(navigateTo).toHaveBeenCalledWith('/login');
  });

  it('ends the session on the server too, once per access', () => {
    sessionLost('notAdmin');
    sessionLost('login');
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/user/logout',
      expect.objectContaining({ method: 'POST', credentials: 'same-origin' }),
    );
  });

  it('still clears the session and moves on when the server cannot be reached', () => {
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    sessionLost('login');
    expect(navigateTo).toHaveBeenCalledWith('/login?next=%2Fitem%2Fp-1%3Ffrom%3Dlist');
  });

  it('sends a shopper who is not logged in to /login, remembering the page they asked for', () => {
    sessionLost('login');
    expect(toast.error).toHaveBeenCalledWith(messages.unauthorizedLogin, { id: 'session-lost' });
    expect(navigateTo).toHaveBeenCalledWith('/login?next=%2Fitem%2Fp-1%3Ffrom%3Dlist');
  });

  it("keeps the first message when the login check or the page's requests in flight echo the same access", () => {
    sessionLost('notAdmin');
    sessionLost('login');
    vi.setSystemTime(clock + 1_500);
    sessionLost('login');
    expect(toast.error).toHaveBeenCalledOnce();
    expect(toast.error).toHaveBeenCalledWith(messages.unauthorizedNotAdmin, { id: 'session-lost' });
    expect(fetchMock).toHaveBeenCalledOnce();

    vi.setSystemTime(clock + 5_000);
    sessionLost();
    expect(toast.error).toHaveBeenLastCalledWith(messages.unauthorizedLogin, { id: 'session-lost' });
  });
});
