// Every wait over about a second says what it is doing: a true total, the rate and the time left
// where known, durations for people. `memory import`'s bar was always full (its total counted only
// what had been read), a first search sat silent for 10 s, `memory embed` printed `377494 ms`.
//
// The model-loading wait on a real terminal (script(1)) needs a spawned CLI; the rest: progress.test.ts.
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../src/cli/progress.js';
import { CLI, cli, gitEnv, makeRepo, tempDir } from '../helpers.js';

describe('progress on a terminal', { timeout: 120_000 }, () => {
  it('a search on a terminal says it is working while it loads the model (no count to show)', () => {
    const repo = makeRepo();
    cli(repo, ['store', 'The deploy needs the VPN']);
    cli(repo, ['rebuild-index']);
    // The default embedder (the offline model): loading it is a wait with nothing to count.
    const cmd = `MEMORY_EMBEDDER= MEMORY_PROGRESS_DELAY_MS=0 ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI())} search VPN`;
    const r = spawnSync('script', ['-qec', cmd, '/dev/null'], { cwd: repo, env: { ...gitEnv, NO_COLOR: '1' }, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/searching… \d+/);
    expect(r.stdout).toContain('The deploy needs the VPN');
  });
});

describe('memory import from stdin: progress counts bytes read', { timeout: 120_000 }, () => {
  const records = Array.from({ length: 3000 }, (_, i) => JSON.stringify({ content: `stdin memory number ${i} ${'y'.repeat(300)}` })).join('\n') + '\n';
  const env = { ...gitEnv, MEMORY_PROGRESS_INTERVAL_MS: '0' };

  it('stdin that is a file (`< file`): bytes against its size, a true total', () => {
    const repo = makeRepo();
    const file = join(tempDir(), 'in.jsonl');
    writeFileSync(file, records);
    const fd = openSync(file, 'r');
    try {
      const r = spawnSync(process.execPath, [CLI(), 'import', '-'], { cwd: repo, env, stdio: [fd, 'pipe', 'pipe'], encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      const lines = r.stderr.split('\n').filter((l) => l.startsWith('git-memory: reading stdin '));
      expect(lines.length).toBeGreaterThan(0);
      const size = formatBytes(Buffer.byteLength(records));
      expect(lines[0]).toMatch(new RegExp(`reading stdin [\\d.]+ (KiB|MiB)/${size.replace('.', '\\.')} \\((\\d+)%\\)`));
      expect(Number(/\((\d+)%\)/.exec(lines[0])![1])).toBeLessThan(100);
      expect(r.stderr).toContain(`reading stdin done, ${size}`);
    } finally {
      closeSync(fd);
    }
  });

  it('stdin from a pipe: bytes read and the rate, no made-up total', () => {
    const repo = makeRepo();
    const r = spawnSync(process.execPath, [CLI(), 'import', '-'], { cwd: repo, env, input: records, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('git-memory: reading stdin ') && !l.includes(' done,'));
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      expect(l).toMatch(/reading stdin [\d.]+ (B|KiB|MiB)(, | · )/);
      expect(l).not.toMatch(/\/|%/);
    }
    expect(r.stderr).toContain(`reading stdin done, ${formatBytes(Buffer.byteLength(records))}`);
  });
});
