import fs from 'node:fs';
import path from 'node:path';
import { sqliteFile } from '../db/index.js';

/**
 * Start-up failures told in the words of the setting at fault: the operating
 * system's codes (EADDRINUSE, SQLITE_CANTOPEN) name no setting, so the
 * operator would have to guess which one to change.
 */

const codeOf = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
};

/** Why listening on HOST:PORT failed, or undefined when it is not about those settings. */
export function listenFailure(
  error: unknown,
  { host, port }: { host: string; port: number },
): string | undefined {
  switch (codeOf(error)) {
    case 'EADDRINUSE':
      return `PORT ${port} is already in use by another program (on HOST ${host}): stop that program or set PORT to a free port.`;
    case 'EACCES':
      return `PORT ${port} needs privileges this user lacks (ports below 1024 do): set PORT to 1024 or above.`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_NONAME':
      return `HOST ${host} is not an address of this machine: set HOST to one of its addresses, localhost, or 0.0.0.0 for every interface.`;
    case 'EAI_AGAIN':
      return `HOST ${host} could not be looked up (the name server did not answer): set HOST to an IP address of this machine, or try again.`;
    default:
      return undefined;
  }
}

/** What a look at DATA_DIR tells: it is read-only, or its disk is full. */
export type FolderState = { readOnly: 'folder' | 'file' } | { full: true } | undefined;

const SQLITE_OPEN_FAILURES = [
  'SQLITE_CANTOPEN',
  'SQLITE_READONLY',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_PERM',
];
const FOLDER_FAILURES = ['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'ENOTDIR', 'EEXIST', 'ENOENT'];

/**
 * Why the SQLite database in DATA_DIR could not be opened or written at the
 * start (read-only or full when a look at the folder can tell), or undefined
 * when the error is about something else.
 */
export function sqliteOpenFailure(
  dataDir: string,
  error: unknown,
  look: (dataDir: string) => FolderState = lookAtFolder,
): string | undefined {
  const cause = (error as { cause?: unknown } | null)?.cause ?? error;
  const code = codeOf(cause);
  if (!SQLITE_OPEN_FAILURES.some((c) => code.startsWith(c)) && !FOLDER_FAILURES.includes(code))
    return undefined;
  const file = sqliteFile(dataDir);
  const reason = cause instanceof Error ? cause.message : String(cause);
  const state = look(dataDir);
  if (state && 'readOnly' in state && state.readOnly === 'file') {
    return `The SQLite database ${file} in DATA_DIR ${dataDir} is read-only: make it writable for the shop's user.`;
  }
  if (state && 'readOnly' in state) {
    return `DATA_DIR ${dataDir} is read-only, so the SQLite database ${file} cannot be opened: point DATA_DIR at a writable folder or mount it read-write.`;
  }
  if (state && 'full' in state) {
    return `DATA_DIR ${dataDir} is on a full disk, so the SQLite database ${file} cannot be written (${reason}): free some space, then start again.`;
  }
  return `The SQLite database ${file} in DATA_DIR ${dataDir} could not be opened (${reason}): DATA_DIR must be a folder the shop's user can write, and shop.db in it a SQLite database.`;
}

/** Disks this close to full count as full: SQLite cannot even start a journal. */
const FULL_BELOW_BYTES = 1024 * 1024;

function lookAtFolder(dataDir: string): FolderState {
  // The folder may not exist (creating it failed): its nearest existing parent decides.
  let folder = path.resolve(dataDir);
  while (!fs.existsSync(folder) && path.dirname(folder) !== folder) folder = path.dirname(folder);
  const candidates = [
    [folder, 'folder'],
    [sqliteFile(dataDir), 'file'],
  ] as const;
  for (const [candidate, readOnly] of candidates) {
    try {
      fs.accessSync(candidate, fs.constants.W_OK);
    } catch (error) {
      if (['EROFS', 'EACCES', 'EPERM'].includes(codeOf(error))) return { readOnly };
    }
  }
  try {
    const { bavail, bsize } = fs.statfsSync(folder);
    if (bavail * bsize < FULL_BELOW_BYTES) return { full: true };
  } catch {
    // Not knowing the free space only leaves the message plainer.
  }
  return undefined;
}
