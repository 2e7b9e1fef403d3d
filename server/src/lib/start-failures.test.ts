import { describe, expect, it } from 'vitest';
import { listenFailure, sqliteOpenFailure } from './start-failures.js';

const errno = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('listenFailure', () => {
  const settings = { host: 'bogus.invalid', port: 3431 };

  it('names PORT when the port is taken or privileged, HOST when it is no address here', () => {
    expect(listenFailure(errno('EADDRINUSE'), settings)).toMatch(
      /^PORT 3431 is already in use by another program/,
    );
    expect(listenFailure(errno('EACCES'), settings)).toMatch(/^PORT 3431 needs privileges/);
    for (const code of ['ENOTFOUND', 'EADDRNOTAVAIL', 'EAI_NONAME'])
      expect(listenFailure(errno(code), settings), code).toMatch(
        /^HOST bogus\.invalid is not an address of this machine/,
      );
    expect(listenFailure(errno('EAI_AGAIN'), settings)).toMatch(
      /^HOST bogus\.invalid could not be looked up/,
    );
  });

  it('leaves any other error as it is', () => {
    expect(listenFailure(new Error('boom'), settings)).toBeUndefined();
  });
});

describe('sqliteOpenFailure', () => {
  const cantOpen = errno('SQLITE_CANTOPEN', 'unable to open database file');
  // How migrateToLatest passes it on.
  const wrapped = new Error('The database could not be reached to migrate it', { cause: cantOpen });

  it('names DATA_DIR and the file, and says read-only or full when the folder shows it', () => {
    expect(sqliteOpenFailure('/srv/data', wrapped, () => ({ readOnly: 'folder' }))).toMatch(
      /^DATA_DIR \/srv\/data is read-only, so the SQLite database \/srv\/data\/shop\.db cannot be opened/,
    );
    expect(sqliteOpenFailure('/srv/data', wrapped, () => ({ readOnly: 'file' }))).toMatch(
      /^The SQLite database \/srv\/data\/shop\.db in DATA_DIR \/srv\/data is read-only/,
    );
    expect(
      sqliteOpenFailure('/srv/data', errno('SQLITE_IOERR_WRITE', 'disk I/O error'), () => ({ full: true })),
    ).toMatch(
      /^DATA_DIR \/srv\/data is on a full disk, so the SQLite database \/srv\/data\/shop\.db cannot be written \(disk I\/O error\)/,
    );
    expect(sqliteOpenFailure('/srv/data', wrapped, () => undefined)).toMatch(
      /^The SQLite database \/srv\/data\/shop\.db in DATA_DIR \/srv\/data could not be opened \(unable to open database file\)/,
    );
    expect(sqliteOpenFailure('/srv/data', errno('EROFS'), () => ({ readOnly: 'folder' }))).toMatch(
      /^DATA_DIR \/srv\/data is read-only/,
    );
  });

  it('leaves errors that are not about opening the file as they are', () => {
    expect(
      sqliteOpenFailure('/srv/data', new Error('Migration 0003 failed'), () => undefined),
    ).toBeUndefined();
    expect(sqliteOpenFailure('/srv/data', errno('SQLITE_BUSY'), () => undefined)).toBeUndefined();
  });
});
