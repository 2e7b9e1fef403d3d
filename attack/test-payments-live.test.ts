import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEST_MODE_BANNER } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { mainShop } from './support/context.js';
import { client } from './support/http.js';
import { repoRoot } from './support/server.js';

/** Starts the production build as an owner might, and answers how it ended (it should not listen). */
function startFor(settings: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-attack-live-'));
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, 'server/dist/main.js')],
      {
        cwd: repoRoot,
        env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, ...settings },
        timeout: 30_000,
      },
      (error, _stdout, stderr) => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr });
      },
    );
  });
}

describe('a live shop without Razorpay keys (free goods)', () => {
  it('refuses to start for production or an https address unless test payments are asked for', async () => {
    const lives: Record<string, string>[] = [
      { NODE_ENV: 'production' },
      { PUBLIC_URL: 'https://shop.example.com' },
    ];
    for (const live of lives) {
      const { code, stderr } = await startFor(live);
      expect(code, JSON.stringify(live)).toBe(1);
      expect(stderr).toContain('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET: required');
      expect(stderr).toContain('ALLOW_TEST_PAYMENTS=1');
    }
  });

  it('says on every page that payments are tests when the test gateway takes them', async () => {
    const http = client(mainShop().baseUrl);
    for (const url of ['/', '/login', '/userDashboard', '/cart', '/admin/orderList']) {
      const page = await http.get(url);
      expect(page.status, url).toBe(200);
      expect(page.text, url).toContain(TEST_MODE_BANNER);
    }
  });
});
