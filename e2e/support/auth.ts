import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Logs in through the login form, as a customer would. */
export async function loginThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/userDashboard$/);
}

/** The server's session cookie the page's browser holds now. */
export async function sessionCookieOf(page: Page): Promise<string> {
  const sid = (await page.context().cookies()).find((cookie) => cookie.name === 'sid')?.value;
  expect(sid, 'the browser holds a session cookie').toBeTruthy();
  return sid!;
}

/**
 * What GET /api/get-user answers to this session cookie, sent from outside the
 * browser: 200 while the server keeps the session, 401 once it has ended it.
 * Only the status: the answer's shape is not what these tests are about.
 */
export async function sessionStatus(request: APIRequestContext, sid: string): Promise<number> {
  const res = await request.get('/api/get-user', { headers: { cookie: `sid=${sid}` } });
  return res.status();
}
