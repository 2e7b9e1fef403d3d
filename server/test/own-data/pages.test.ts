import { messages, ownMessages, SHOP_PAGES, type ShopPage } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, call, loggedIn, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';

describe(`the shop's pages (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const page = async (slug: string) => {
    const res = await call(t.app, 'GET', `/api/pages/${slug}`);
    expect(res.statusCode).toBe(200);
    return res.json() as ShopPage;
  };
  const save = (sid: string | undefined, slug: string, body: unknown) =>
    call(t.app, 'PUT', `/api/admin/pages/${slug}`, sid, { body });

  it('starts with a default text for each page that says plainly it must be edited', async () => {
    for (const { slug, title } of SHOP_PAGES) {
      const shown = await page(slug);
      expect(shown).toMatchObject({ slug, title, isDefault: true, updatedAt: null });
      expect(shown.body).toContain('The shop owner must edit it');
    }
    const contact = await page('contact');
    for (const part of ['Legal name', 'Address', 'Email', 'Phone', 'Grievance officer', 'Designation'])
      expect(contact.body).toContain(part);
    const privacy = await page('privacy');
    for (const part of ['Download my data', 'Delete my account', 'current password', 'Deleted customer'])
      expect(privacy.body).toContain(part);
  });

  it('is readable without a login; an unknown page is not found', async () => {
    const res = await call(t.app, 'GET', '/api/pages/cookies');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toBe(ownMessages.pageNotFound);
  });

  it('shows what the admin saved, to everyone, and records it in the audit log', async () => {
    const res = await save(admin.sid, 'terms', '  # Our terms\n\nBe kind.  ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ownMessages.pageSaved });
    const shown = await page('terms');
    expect(shown).toMatchObject({ body: '# Our terms\n\nBe kind.', isDefault: false });
    expect(shown.updatedAt).not.toBeNull();
    // Saving again replaces it.
    await save(admin.sid, 'terms', 'Second version');
    expect((await page('terms')).body).toBe('Second version');

    const list = await call(t.app, 'GET', '/api/admin/pages', admin.sid);
    expect((list.json() as ShopPage[]).map((p) => [p.slug, p.isDefault])).toEqual(
      SHOP_PAGES.map(({ slug }) => [slug, slug !== 'terms']),
    );
    const entries = (await auditOf(t.app, admin.sid)).filter((e) => e.action === 'page.update');
    expect(entries.map((e) => e.targetId)).toEqual(['terms', 'terms']);
  });

  it('keeps stored text as text: the API never turns it into HTML', async () => {
    const attack = '<script>alert(1)</script><img src=x onerror="alert(2)">';
    expect((await save(admin.sid, 'shipping-policy', attack)).statusCode).toBe(200);
    expect((await page('shipping-policy')).body).toBe(attack);
  });

  it('lets only an admin edit, and refuses an empty or oversized text', async () => {
    const customer = await loggedIn(t.app);
    expect((await save(customer.sid, 'privacy', 'Mine now')).statusCode).toBe(403);
    expect((await save(undefined, 'privacy', 'Mine now')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/admin/pages', customer.sid)).statusCode).toBe(403);
    expect((await page('privacy')).isDefault).toBe(true);

    const empty = await save(admin.sid, 'privacy', '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toBe(ownMessages.pageTextRequired);
    const long = await save(admin.sid, 'privacy', 'x'.repeat(20_001));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toBe(messages.tooLong('Page text', 20_000));
    const unknown = await save(admin.sid, 'cookies', 'Text');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toBe(ownMessages.pageNotFound);
  });
});
