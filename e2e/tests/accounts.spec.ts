import { messages, STORAGE_KEYS } from '@shop/shared';
import { loginThroughForm as login, sessionCookieOf, sessionStatus } from '../support/auth';
import { expect, expectAccessible, newCustomer, readMailTo, test } from '../support/fixtures';

test.describe('accounts', () => {
  test('signs up, logs in, sees the nav bar change and logs out', async ({ page }) => {
    const customer = newCustomer();
    await page.goto('/');
    // Spec section 2: the landing page (and the nav bar) offer SignUp and Login when logged out.
    await expect(page.getByRole('main').getByRole('link', { name: 'SignUp', exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'SignUp' }).first().click();
    await expect(page).toHaveURL(/\/signUp$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByLabel('Name').fill(customer.name);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByLabel('Confirm Password').fill(customer.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText(messages.registered)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await expectAccessible(page);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(messages.loginSuccess)).toBeVisible();
    await expect(page).toHaveURL(/\/userDashboard$/);

    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByText(customer.name)).toBeVisible();
    await expect(nav.getByRole('link', { name: /cart/i })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await nav.getByRole('button', { name: customer.name }).click();
    await expect(page.getByRole('menuitem', { name: 'Orders' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
    ).toBeVisible();

    // The server ended the session: the dashboard now sends us to login.
    await page.goto('/profile');
    await expect(page.getByText(messages.unauthorizedLogin)).toBeVisible();
    await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
  });

  test('shows the spec messages for bad sign-up and login input', async ({ page, customer }) => {
    await page.goto('/signUp');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText(messages.fieldsCantBeEmpty).first()).toBeVisible();
    await page.getByLabel('Name').fill('Ravi');
    await page.getByLabel('Email').fill('ravi@example.com');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByLabel('Confirm Password').fill('12345');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText(messages.passwordTooShort).first()).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('123456');
    await page.getByLabel('Confirm Password').fill('1234567');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText(messages.passwordsDidntMatch).first()).toBeVisible();

    await page.goto('/signUp');
    await page.getByLabel('Name').fill(customer.name);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByLabel('Confirm Password').fill(customer.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText(messages.alreadyRegistered)).toBeVisible();
    await expect(page).toHaveURL(/\/signUp$/);

    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(messages.fieldsCantBeEmpty).first()).toBeVisible();
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByLabel('Password').fill('whatever1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(messages.userNotRegistered)).toBeVisible();
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(messages.wrongCredentials)).toBeVisible();
  });

  test('changes the name and the password on the profile page', async ({ page, customer }) => {
    await login(page, customer.email, customer.password);
    await page.goto('/profile');
    await expect(page.getByLabel('Email')).toBeDisabled();
    await expect(page.getByText(messages.emailCantBeChanged)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText(messages.pleaseUpdateFirst)).toBeVisible();

    await page.getByLabel('Name').fill('Meera Iyer');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText(messages.nameChanged)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Meera Iyer')).toBeVisible();

    // The same name typed again is asked of the server, which answers 204 (spec section 8).
    await page.getByLabel('Name').clear();
    await page.getByLabel('Name').pressSequentially('Meera Iyer');
    const sameName = page.waitForResponse((r) => r.url().endsWith('/api/user/update'));
    await page.getByRole('button', { name: 'Update' }).click();
    expect((await sameName).status()).toBe(204);
    await expect(page.getByText(messages.sameName)).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('Meera Iyer');

    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByLabel('Old Password').fill(customer.password);
    await page.getByLabel('New Password').fill('brand-new-pass');
    await page.getByLabel('Confirm Password').fill('brand-new-pas');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText(messages.profilePasswordsDidNotMatch).first()).toBeVisible();
    await page.getByLabel('Confirm Password').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText(messages.passwordChanged)).toBeVisible();

    // Still logged in with the new session, and the new password works from scratch.
    await page.reload();
    await expect(page.getByLabel('Name')).toHaveValue('Meera Iyer');
    await page.goto('/logout');
    await login(page, customer.email, 'brand-new-pass');
  });

  test('resets a forgotten password through the mailed link', async ({ page, customer }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: /forgot/i }).click();
    await expect(page).toHaveURL(/\/forgotPass$/);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText(messages.fieldCantBeEmpty).first()).toBeVisible();
    await page.getByLabel('Email').fill(customer.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText(messages.resetMailSent)).toBeVisible();

    const mail = await readMailTo(customer.email);
    const link = /http:\/\/127\.0\.0\.1:\d+\/resetPassword\/[\w-]+/.exec(mail.replace(/=\r?\n/g, ''))?.[0];
    expect(link, 'reset link in the mail').toBeTruthy();
    await page.goto(link!);
    await expectAccessible(page);
    await page.getByLabel('New Password').fill('reset-pass-1');
    await page.getByLabel('Confirm Password').fill('reset-pass-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(messages.resetPasswordsDidNotMatch).first()).toBeVisible();
    await page.getByLabel('Confirm Password').fill('reset-pass-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(messages.resetDone)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText(messages.wrongCredentials)).toBeVisible();
    // The button kept the focus while it waited: the keyboard is where it was.
    await expect(page.getByRole('button', { name: 'Login' })).toBeFocused();
    await login(page, customer.email, 'reset-pass-1');

    // The link is single use.
    await page.goto(link!);
    await page.getByLabel('New Password').fill('another-pass');
    await page.getByLabel('Confirm Password').fill('another-pass');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(messages.resetTokenInvalid)).toBeVisible();
    await page.getByRole('link', { name: 'Ask for a new link' }).click();
    await expect(page).toHaveURL(/\/forgotPass$/);
  });

  test('a reset in a logged-in browser logs it out too, as the server ended its session', async ({
    page,
    customer,
  }) => {
    await login(page, customer.email, customer.password);
    const asked = await page.request.post('/api/user/forgotPass', { data: { email: customer.email } });
    expect(asked.status()).toBe(200);
    const mail = await readMailTo(customer.email);
    const link = /http:\/\/127\.0\.0\.1:\d+\/resetPassword\/[\w-]+/.exec(mail.replace(/=\r?\n/g, ''))?.[0];
    await page.goto(link!);
    await page.getByLabel('New Password').fill('reset-pass-3');
    await page.getByLabel('Confirm Password').fill('reset-pass-3');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText(messages.resetDone)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(nav.getByText(customer.name)).toHaveCount(0);
  });

  test('a guarded page without a session says so and goes to login', async ({ page }) => {
    for (const path of ['/userDashboard', '/cart', '/orders', '/profile']) {
      await page.goto(path);
      await expect(page.getByText(messages.unauthorizedLogin).first()).toBeVisible();
      // The login page remembers the page asked for, to return to it.
      await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(path)}$`));
    }
  });

  test('a stale login flag is cleared when the server says the session is gone', async ({
    page,
    customer,
  }) => {
    await login(page, customer.email, customer.password);
    await page.context().clearCookies();
    await page.goto('/profile');
    await expect(page.getByText(messages.unauthorizedLogin).first()).toBeVisible();
    await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
    expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBeNull();
  });

  test("a guarded page without the stored login flag ends the server's session too", async ({
    page,
    customer,
    request,
  }) => {
    await login(page, customer.email, customer.password);
    const sid = await sessionCookieOf(page);
    // The flag gone (another tab, cleared storage) while the cookie is still valid.
    await page.evaluate((key) => localStorage.removeItem(key), STORAGE_KEYS.loggedIn);
    await page.goto('/profile');
    await expect(page.getByText(messages.unauthorizedLogin).first()).toBeVisible();
    await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
    await expect.poll(() => sessionStatus(request, sid), 'the old cookie opens nothing').toBe(401);
  });
});
