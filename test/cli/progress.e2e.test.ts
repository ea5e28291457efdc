// Every wait over about a second says what it is doing (#28): a true total, the rate and the time left
// where known, durations for people. `memory import`'s bar was always full (its total counted only
// what had been read), a first search sat silent for 10 s, `memory embed` printed `377494 ms`.
//
// The model-loading wait on a real terminal (script(1)) needs a spawned CLI; the rest: progress.test.ts.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI, cli, gitEnv, makeRepo } from '../helpers.js';

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
