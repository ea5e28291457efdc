// `memory sync` and `memory pull` say which step a wait is in on a terminal (fetching, combining,
// pushing), through the sync's progress events; nothing on a pipe or with --json.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sync, pull, type SyncProgress } from '../../src/sync/sync.js';
import { CLI, gitEnv } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { setup, storeIn, withStore } from './fixtures.js';

describe('sync progress', { timeout: 120_000 }, () => {
  it('the library reports fetch, combine and push, in that order, to onProgress', async () => {
    const { clones } = setup(2);
    await storeIn(clones[0], 'first writer');
    const events: SyncProgress[] = [];
    await withStore(clones[0], (s) => sync(s, { onProgress: (e) => events.push(e) }));
    const phases = events.map((e) => e.phase);
    expect(phases[0]).toBe('fetch');
    expect(phases).toContain('push');
    expect(phases.indexOf('push')).toBeGreaterThan(0);
    expect(events.every((e) => e.remote === 'origin')).toBe(true);
    // A pull fetches and combines, and pushes nothing; a listener that throws does not fail it.
    await storeIn(clones[1], 'second writer');
    const seen: string[] = [];
    const r = await withStore(clones[1], (s) => pull(s, { onProgress: (e) => (seen.push(e.phase), (() => { throw new Error('listener broke'); })()) }));
    expect(r.pulled).toBe(true);
    expect(seen).toEqual(expect.arrayContaining(['fetch', 'combine']));
    expect(seen).not.toContain('push');
  });

  it('on a terminal: `memory sync` and `memory pull` name each step', async () => {
    const { clones } = setup(2);
    await storeIn(clones[0], 'a memory to share');
    const onTty = (repo: string, args: string) =>
      spawnSync('script', ['-qec', `MEMORY_PROGRESS_DELAY_MS=0 ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI())} ${args}`, '/dev/null'], { cwd: repo, env: { ...gitEnv, NO_COLOR: '1' }, encoding: 'utf8' });
    const s = onTty(clones[0], 'sync');
    expect(s.status, s.stdout).toBe(0);
    expect(s.stdout).toMatch(/fetching from origin… \d+/);
    expect(s.stdout).toMatch(/pushing to origin… \d+/);
    expect(s.stdout).toContain('synced');
    const p = onTty(clones[1], 'pull');
    expect(p.status, p.stdout).toBe(0);
    expect(p.stdout).toMatch(/fetching from origin… \d+/);
    expect(p.stdout).toMatch(/combining with local memories… \d+/);
  });

  it('on a pipe and with --json: no progress on stderr', async () => {
    const { clones } = setup(1);
    await storeIn(clones[0], 'quiet sync');
    const env = { MEMORY_PROGRESS_DELAY_MS: '0', MEMORY_PROGRESS_INTERVAL_MS: '0' };
    const a = await runCli(clones[0], ['sync'], { env });
    expect(a.code, a.stderr).toBe(0);
    expect(a.stderr).not.toMatch(/fetching|pushing|combining/);
    const b = await runCli(clones[0], ['pull', '--json'], { env });
    expect(b.code, b.stderr).toBe(0);
    expect(b.stderr).toBe('');
    expect(JSON.parse(b.stdout).success).toBe(true);
  });
});
