// Every wait over about a second says what it is doing: a true total, the rate and the time left
// where known, durations for people. `memory import`'s bar was always full (its total counted only
// what had been read), a first search sat silent for 10 s, `memory embed` printed `377494 ms`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { formatBytes, formatCount, formatDuration, progressReporter, timeLeft } from '../../src/cli/progress.js';
import { terminalSafe } from '../../src/cli/output.js';
import { makeRepo, tempDir } from '../helpers.js';
import { runCli } from '../run-cli.js';

/** A stream that says it is a terminal and keeps what is written (as the CLI's guard passes it on: terminalSafe). */
function fakeTerminal(): NodeJS.WriteStream & { text: () => string } {
  let out = '';
  return { isTTY: true, write: (s: string) => ((out += s), true), text: () => out } as unknown as NodeJS.WriteStream & { text: () => string };
}

describe('progress', { timeout: 120_000 }, () => {
  it('durations and sizes are for people', async () => {
    expect(formatDuration(377494)).toBe('6 min 17 s');
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(4200)).toBe('4.2 s');
    expect(formatDuration(3_780_000)).toBe('1 h 3 min');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
  });

  it('counts are grouped as en-US writes them', () => {
    for (const n of [0, 7, 999, 1000, 50_000, 999_999, 1_000_000, 1_234_567_890, -1234, Number.MAX_SAFE_INTEGER, 1.5, 1234.5678]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
    }
  });

  it('on a terminal: a bar of the true total with rate and time left; a heartbeat before any count', async () => {
    // A test clock (test/README.md): the rate and the time left come from Date.now(), the heartbeat
    // from a timer; 600 ms pass without waiting them out.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    process.env.MEMORY_PROGRESS_DELAY_MS = '0';
    try {
      const t = fakeTerminal();
      const bar = progressReporter({ label: 'importing', bytes: true, stream: t });
      vi.advanceTimersByTime(600);
      bar.progress(512 * 1024, 4 * 1024 * 1024);
      vi.advanceTimersByTime(2000);
      bar.progress(1536 * 1024, 4 * 1024 * 1024);
      bar.end();
      // 1 MiB in the two seconds since the first count: 512 KiB/s, 2.5 MiB left at that rate.
      expect(t.text()).toMatch(/importing \[#{9}\.{15}\] 1\.5 MiB\/4\.0 MiB · 512\.0 KiB\/s · 5\.0 s left/);
      const h = fakeTerminal();
      const wait = progressReporter({ label: 'searching', stream: h, heartbeat: true });
      expect(h.text()).toBe('');
      vi.advanceTimersByTime(50);
      expect(h.text()).toMatch(/searching… \d+ ms/);
      vi.advanceTimersByTime(2000);
      wait.end();
      // Redrawn every second while nothing is counted: the last draw says 2.0 s.
      expect(terminalSafe(h.text())).toMatch(/searching… 1\.0 s\r\x1b\[2Ksearching… 2\.0 s\r\x1b\[2K$/);
    } finally {
      delete process.env.MEMORY_PROGRESS_DELAY_MS;
      vi.useRealTimers();
    }
  });

  it('a first count after a minute of setting up does not promise hours: the rate runs from the first count', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    process.env.MEMORY_PROGRESS_DELAY_MS = '0';
    try {
      const t = fakeTerminal();
      const bar = progressReporter({ label: 'indexing', stream: t });
      vi.advanceTimersByTime(60_000);
      bar.progress(1, 1_000_000);
      expect(t.text()).not.toContain('left');
      vi.advanceTimersByTime(2000);
      bar.progress(20_001, 1_000_000);
      bar.end();
      // 10,000 a second since the first count: 98 s left, not 1,000,000 / (20,001 / 62 s) = 52 min.
      expect(t.text()).toContain('10,000/s · 1 min 38 s left');
    } finally {
      delete process.env.MEMORY_PROGRESS_DELAY_MS;
      vi.useRealTimers();
    }
  });

  it('a time left waits for enough work (2 s and 2% counted) and is then at most 49 times the time measured', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    process.env.MEMORY_PROGRESS_DELAY_MS = '0';
    process.env.MEMORY_PROGRESS_INTERVAL_MS = '0';
    try {
      for (const tty of [true, false]) {
        let out = '';
        const stream = { isTTY: tty, write: (s: string) => ((out += s), true) } as unknown as NodeJS.WriteStream;
        const bar = progressReporter({ label: 'indexing', stream });
        // The first document, then a stall (a pack index loading): one more in the next second.
        bar.progress(1, 1_000_000);
        vi.advanceTimersByTime(1000);
        bar.progress(2, 1_000_000);
        vi.advanceTimersByTime(1500);
        // 2.5 s of counting, but 0.5% of the work: a rate, no time left.
        bar.progress(5_001, 1_000_000);
        expect(out, tty ? 'terminal' : 'pipe').toContain('2,000/s');
        expect(out, tty ? 'terminal' : 'pipe').not.toContain('left');
        vi.advanceTimersByTime(7500);
        // 10 s and 3%: 3,000 a second, 970,000 left.
        bar.progress(30_001, 1_000_000);
        bar.end();
        expect(out, tty ? 'terminal' : 'pipe').toContain('3,000/s · 5 min 23 s left');
      }
      // Whatever the counts, a time left shown is at most 49 times the counting time it rests on.
      for (const [counted, ms, remaining] of [[1, 1000, 999_999], [1, 2000, 999_999], [20_000, 2000, 980_000], [5, 60_000, 10], [1e9, 2000, 1]]) {
        const left = timeLeft(counted, ms, remaining);
        if (left !== null) expect(left).toBeLessThanOrEqual(49 * ms);
      }
      expect(timeLeft(1, 1000, 999_999)).toBeNull();
      expect(timeLeft(20_000, 2000, 980_000)).toBe(98_000);
    } finally {
      delete process.env.MEMORY_PROGRESS_DELAY_MS;
      delete process.env.MEMORY_PROGRESS_INTERVAL_MS;
      vi.useRealTimers();
    }
  });

  it('memory import from a file: progress by bytes of the file, not a bar that is always full', async () => {
    const repo = makeRepo();
    const file = join(tempDir(), 'many.jsonl');
    writeFileSync(file, Array.from({ length: 4000 }, (_, i) => JSON.stringify({ content: `imported memory number ${i} ${'x'.repeat(200)}` })).join('\n') + '\n');
    const r = await runCli(repo, ['import', file], { env: { MEMORY_PROGRESS_INTERVAL_MS: '0' } });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('git-memory: importing '));
    // Bytes of the file's size, from the first line on: not `500/500`.
    expect(lines[0]).toMatch(/importing [\d.]+ KiB\/[\d.]+ (KiB|MiB) \((\d+)%\)/);
    expect(Number(/\((\d+)%\)/.exec(lines[0])![1])).toBeLessThan(100);
    expect(r.stderr).toMatch(/importing done, [\d.]+ (KiB|MiB) in /);
  });

});
