import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { E2E_DATA_DIR } from './env';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Product, ProductInput } from '@shop/shared';
import { loginThroughForm } from './auth';
import { expect, type Customer } from './fixtures';

const run = promisify(execFile);
const cli = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../server/dist/cli/create-admin.js',
);

/**
 * Promotes a registered customer with the shop's own command, as an owner would: an existing
 * account needs --promote (its sessions end; the tests log in after).
 */
export async function promoteToAdmin(customer: Customer): Promise<void> {
  await run(
    process.execPath,
    [cli, '--email', customer.email, '--password', customer.password, '--promote'],
    {
      env: { ...process.env, DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '' },
    },
  );
}

/** Makes the customer an admin and logs them in through the form. */
export async function loginAsAdmin(page: Page, admin: Customer): Promise<void> {
  await promoteToAdmin(admin);
  await loginThroughForm(page, admin.email, admin.password);
}

/** A 2×2 PNG, small enough to keep in the test. */
export const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Adds a product through the admin API (the request must be an admin's), its 201 checked, and
 * answers it as saved. Fields left out are a small test product's.
 */
export async function addProduct(
  request: APIRequestContext,
  product: Pick<ProductInput, 'name'> & Partial<ProductInput>,
): Promise<Product> {
  const added = await request.post('/api/addProduct', {
    data: {
      category: 'fashion',
      price: 499,
      countInStock: 10,
      image: '/images/products/ludo-royale.svg',
      description: 'A product made for a test.',
      ...product,
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  return ((await added.json()) as { product: Product }).product;
}
