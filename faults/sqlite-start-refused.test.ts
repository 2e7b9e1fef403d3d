import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { runShopUntilExit, startShop, tempDir } from './support/shop.js';

const run = promisify(execFile);

/**
 * A shop started on a DATA_DIR it cannot write: it must exit 1 naming DATA_DIR and what is wrong
 * with it, not only SQLite's "unable to open database file". As root, chmod stops no write, so
 * DATA_DIR is a small tmpfs of the test's own, remounted read-only or filled up.
 */
describe('SQLite shop started on a DATA_DIR it cannot write', () => {
  let mountPoint: string | undefined;

  async function mountTmpfs(): Promise<string> {
    const dir = tempDir('sqlite-start');
    try {
      await run('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', dir]);
    } catch (error) {
      throw new Error(
        `This test needs to mount a small tmpfs as DATA_DIR (run as root): ${(error as Error).message}`,
      );
    }
    mountPoint = dir;
    return dir;
  }

  afterEach(async () => {
    if (mountPoint) await run('umount', [mountPoint]);
    if (mountPoint) fs.rmSync(mountPoint, { recursive: true, force: true });
    mountPoint = undefined;
  });

  it('exits 1 saying DATA_DIR is read-only', async () => {
    const dataDir = await mountTmpfs();
    // A shop that ran there before, stopped: its database stays, the mount turns read-only.
    const shop = await startShop({ DATA_DIR: dataDir });
    shop.process.kill('SIGTERM');
    await shop.exited;
    await shop.kill();
    await run('mount', ['-o', 'remount,ro', dataDir]);

    const result = await runShopUntilExit({ DATA_DIR: dataDir }, 30_000);
    expect(result.code, result.output).toBe(1);
    expect(result.output).toContain(`DATA_DIR ${dataDir} is read-only`);
    expect(result.output).toContain(path.join(dataDir, 'shop.db'));
  });

  it('exits 1 saying the disk of DATA_DIR is full', async () => {
    const dataDir = await mountTmpfs();
    const filler = path.join(dataDir, 'filler.bin');
    const fd = fs.openSync(filler, 'w');
    try {
      for (;;) fs.writeSync(fd, Buffer.alloc(64 * 1024, 1));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    } finally {
      fs.closeSync(fd);
    }

    const result = await runShopUntilExit({ DATA_DIR: dataDir }, 30_000);
    expect(result.code, result.output).toBe(1);
    expect(result.output).toContain(`DATA_DIR ${dataDir} is on a full disk`);
    expect(result.output).toContain(path.join(dataDir, 'shop.db'));
  });
});
