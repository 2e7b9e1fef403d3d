import { messages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { login, newCustomer, register, signUp } from './support/accounts.js';
import { attackDb, mainShop } from './support/context.js';
import { expectRefused } from './support/expect.js';
import { client } from './support/http.js';
import { mailCount, nextResetToken } from './support/mail.js';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

describe(`password reset (${attackDb()})`, () => {
  const shop = mainShop();
  const api = client(shop.baseUrl);

  async function requestToken(email: string): Promise<string> {
    const seen = await mailCount(shop, email);
    const res = await api.post('/api/user/forgotPass', { json: { email } });
    expect(res.status, res.text).toBe(200);
    return nextResetToken(shop, email, seen);
  }

  const reset = (token: string, password: string, extra: object = {}) =>
    api.post(`/api/user/resetPassword/${encodeURIComponent(token)}`, { json: { password, ...extra } });

  it('accepts a token once: using it again is refused and the second password is not set', async () => {
    const user = await signUp(api);
    const token = await requestToken(user.email);
    expect((await reset(token, 'first-new-pass')).status).toBe(200);
    expectRefused(await reset(token, 'second-new-pass'), 400, messages.resetTokenInvalid);
    expect((await login(api, user.email, 'first-new-pass')).status).toBe(200);
    expectRefused(await login(api, user.email, 'second-new-pass'), 401, messages.wrongCredentials);
  });

  it('refuses an earlier token once a newer one was requested', async () => {
    const user = await signUp(api);
    const first = await requestToken(user.email);
    const second = await requestToken(user.email);
    expect(second).not.toBe(first);
    expectRefused(await reset(first, 'stale-token-pass'), 400, messages.resetTokenInvalid);
    expect((await reset(second, 'fresh-token-pass')).status).toBe(200);
  });

  it('refuses a token requested before the password was changed in the profile', async () => {
    // A link lying in a mailbox the owner has since secured must not undo the new password.
    const user = await signUp(api);
    const token = await requestToken(user.email);
    const changed = await api.patch('/api/user/update', {
      sid: user.sid,
      json: { userName: user.name, oldPassword: user.password, newPassword: 'changed-in-profile' },
    });
    expect(changed.status, changed.text).toBe(201);
    expectRefused(await reset(token, 'taken-over-pass'), 400, messages.resetTokenInvalid);
    expect((await login(api, user.email, 'changed-in-profile')).status).toBe(200);
  });

  it("resets only the token's own account, whatever account the body names", async () => {
    const attacker = await signUp(api);
    const victim = await signUp(api);
    const token = await requestToken(attacker.email);
    const res = await reset(token, 'attacker-chose-this', {
      email: victim.email,
      userId: victim.id,
      _id: victim.id,
    });
    expect(res.status, res.text).toBe(200);
    expect((await login(api, victim.email, victim.password)).status).toBe(200);
    expectRefused(await login(api, victim.email, 'attacker-chose-this'), 401, messages.wrongCredentials);
    expect((await login(api, attacker.email, 'attacker-chose-this')).status).toBe(200);
  });

  it.each([
    ['a made-up token', 'x'.repeat(43)],
    ['a token of another shape', "' OR '1'='1"],
    ['a session id used as a token', 'session'],
  ])('refuses %s and changes no password', async (_case, guess) => {
    const user = await signUp(api);
    const token = guess === 'session' ? user.sid : guess;
    expectRefused(await reset(token, 'guessed-pass-1'), 400, messages.resetTokenInvalid);
    expect((await login(api, user.email, user.password)).status).toBe(200);
  });

  it('answers a registered and an unknown email with the same status and message', async () => {
    const user = await signUp(api);
    const known = await api.post('/api/user/forgotPass', { json: { email: user.email } });
    const unknown = await api.post('/api/user/forgotPass', { json: { email: newCustomer().email } });
    expect([known.status, known.body]).toEqual([200, messages.resetMailSent]);
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
  });

  it('answers a registered and an unknown email within the same time band', async () => {
    // One request per account: the per-account limit (5 an hour) would otherwise end the sample.
    const known = Array.from({ length: 10 }, () => newCustomer());
    for (const res of await Promise.all(known.map((c) => register(api, c)))) expect(res.status).toBe(201);
    const timings = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < known.length; i++) {
      // Alternating, so a slow moment of the machine hits both alike.
      const a = await api.post('/api/user/forgotPass', { json: { email: known[i]!.email } });
      const b = await api.post('/api/user/forgotPass', { json: { email: newCustomer().email } });
      expect([a.status, b.status]).toEqual([200, 200]);
      timings.known.push(a.ms);
      timings.unknown.push(b.ms);
    }
    const [k, u] = [median(timings.known), median(timings.unknown)];
    const band = `known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`;
    expect(Math.abs(k - u), band).toBeLessThan(200);
    // Ratios count from 10 ms up: below that, scheduler jitter is all there is to measure.
    const floor = (ms: number) => Math.max(ms, 10);
    expect(floor(k) / floor(u), band).toBeLessThan(3);
    expect(floor(u) / floor(k), band).toBeLessThan(3);
  });
});
