import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { TurnBufferedOutput } from './log-output.js';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('TurnBufferedOutput', () => {
  let dir: string;
  let file: string;
  let fd: number;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'log-output-'));
    file = path.join(dir, 'log');
    fd = openSync(file, 'a');
  });
  afterEach(() => {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  });
  const written = () => readFileSync(file, 'utf8');

  it('writes the lines of a turn together at its end, in order, byte for byte', async () => {
    const output = new TurnBufferedOutput(fd);
    output.write('{"msg":"one"}\n');
    output.write('{"msg":"twö ✓"}\n');
    expect(written()).toBe('');
    await nextTurn();
    expect(written()).toBe('{"msg":"one"}\n{"msg":"twö ✓"}\n');
    output.write('{"msg":"three"}\n');
    await nextTurn();
    expect(written()).toBe('{"msg":"one"}\n{"msg":"twö ✓"}\n{"msg":"three"}\n');
  });

  it('writes at once when a turn holds 64 KB, so a busy turn holds little', () => {
    const output = new TurnBufferedOutput(fd);
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 63; i++) output.write(line);
    expect(written()).toBe('');
    output.write(line);
    expect(written()).toBe(line.repeat(64));
  });
});

/** A process that logs through the shop's standard output, run from the TypeScript source. */
function runChild(source: string, { closeOutput = false } = {}) {
  const script = path.join(mkdtempSync(path.join(os.tmpdir(), 'log-child-')), 'child.mts');
  writeFileSync(script, source.replace('LOG_OUTPUT', path.join(here, 'log-output.ts')));
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  if (closeOutput) child.stdout.destroy();
  else child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => {
      rmSync(path.dirname(script), { recursive: true, force: true });
      resolve({ code, stdout, stderr });
    }),
  );
}

describe('the buffered standard output of a process', () => {
  it('is written when the process exits in the same turn as its last line', async () => {
    const result = await runChild(`
      import { bufferedStandardOutput } from 'LOG_OUTPUT';
      bufferedStandardOutput().write('{"msg":"the last words"}\\n');
      process.exit(3);
    `);
    expect(result).toMatchObject({ code: 3, stdout: '{"msg":"the last words"}\n' });
  });

  it('stops logging, and the process goes on, when the reader of its output is gone', async () => {
    const result = await runChild(
      `
      import { setImmediate as nextTurn } from 'node:timers/promises';
      import { bufferedStandardOutput } from 'LOG_OUTPUT';
      const output = bufferedStandardOutput();
      for (let turn = 0; turn < 200; turn++) {
        output.write('{"msg":"nobody reads this"}\\n');
        await nextTurn();
      }
      console.error('served on');
    `,
      { closeOutput: true },
    );
    expect(result).toMatchObject({ code: 0, stderr: 'served on\n' });
  });
});
