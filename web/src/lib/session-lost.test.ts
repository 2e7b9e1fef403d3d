import { messages } from '@shop/shared';
import { toast } from './toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from './navigation';
import { sessionLost } from './session-lost';

vi.mock('./toast', () => ({ toast: { error: vi.fn() } }));
vi.mock('./navigation', () => ({ navigateTo: vi.fn() }));

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
