import { writeSync } from 'node:fs';

/** A turn's lines are written at once up to this size; past it, at once. */
const MOST_HELD = 64 * 1024;
/** How long to wait for a full pipe (journald, a container's log reader) to drain, in all. */
const MOST_WAITS_MS = 2000;

/**
 * The log's standard output, written once per turn of the event loop. Pino writes
 * each line with its own write(2); under load that was a third of a cached answer's
 * processor time (docs/decisions/0018). Here the lines of one turn (every request
 * read in it, each with its line) go out in one write at the end of the turn, and
 * at once past 64 KB, so the log holds little and is late by less than a turn.
 * Written synchronously, as pino's default: lines are not lost on a normal exit,
 * and on a crash at most the last turn's.
 */
export class TurnBufferedOutput {
  private held: string[] = [];
  private size = 0;
  private flushScheduled = false;
  private broken = false;

  constructor(private readonly fd: number) {}

  write(line: string): boolean {
    if (this.broken) return true;
    this.held.push(line);
    this.size += line.length;
    if (this.size >= MOST_HELD) this.flush();
    else if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(this.flush);
    }
    return true;
  }

  /** Writes what is held; called at the end of the turn, past the limit, and on exit. */
  readonly flush = (): void => {
    this.flushScheduled = false;
    if (this.held.length === 0) return;
    const bytes = Buffer.from(this.held.join(''));
    this.held = [];
    this.size = 0;
    this.broken = writeAll(this.fd, bytes) === 'reader gone';
  };
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes every byte, waiting while a non-blocking pipe is full. A log that cannot
 * be written never stops the shop: on a broken pipe (its reader is gone) logging
 * stops, as pino does; on any other failure (a full disk) these lines are dropped.
 */
function writeAll(fd: number, bytes: Buffer): 'written' | 'dropped' | 'reader gone' {
  let offset = 0;
  let waited = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') return 'reader gone';
      if (code !== 'EAGAIN' || waited >= MOST_WAITS_MS) return 'dropped';
      Atomics.wait(pause, 0, 0, 1);
      waited += 1;
    }
  }
  return 'written';
}

let standardOutput: TurnBufferedOutput | undefined;

/** The process's one buffered standard output, flushed when the process exits. */
export function bufferedStandardOutput(): TurnBufferedOutput {
  if (!standardOutput) {
    const output = new TurnBufferedOutput(1);
    process.on('exit', output.flush);
    standardOutput = output;
  }
  return standardOutput;
}
