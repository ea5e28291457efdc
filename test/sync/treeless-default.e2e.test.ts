import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { cli as spawnCli, git, gitEnv } from '../helpers.js';
import { ciClone, idsOn, monthsWorld } from './fixtures.js';

/**
 * Treeless by default: a writer's first sync in a fresh shallow clone fetches the tip's
 * commits without trees (`tree:0`), reads the size the branch claims (the `Memory-Count` trailer of
 * the commits a sync writes), and then either stays treeless (the branch says it is big: only the
 * trees it reads come, one by one) or fetches every tree of the tip, blob-less, in one more round trip
 * (small, or no claim, or a claim that does not parse). The claim is untrusted: whatever it says
 * changes what is fetched, never what lands. Real bare remotes, the built CLI, real git.
 */

/** The default path: MEMORY_SYNC_TREELESS unset (empty counts as unset). */
const cli = (cwd: string, args: string[], env: NodeJS.ProcessEnv = {}) => spawnCli(cwd, args, { env: { MEMORY_SYNC_TREELESS: '', ...env } });

const MONTHS = ['2026-01', '2026-02', '2026-03'];

const world = () => monthsWorld(MONTHS);

/** Moves the remote branch to a commit with the same tree and `message` (a hand-made or hostile claim). */
function claim(remote: string, message: string): void {
  const tip = git(remote, 'rev-parse', 'memory');
  // The message on stdin: a hostile one may be larger than an argument can be.
  const c = execFileSync('git', ['commit-tree', `${tip}^{tree}`, '-p', tip], { cwd: remote, env: gitEnv, input: message, encoding: 'utf8' }).trim();
  git(remote, 'update-ref', 'refs/heads/memory', c);
}

/** Which first fetch the writer in `job` made: every tree of the tip came (blob-less), or only its path. */
function fetchedAllTrees(remote: string, job: string): boolean {
  const here = new Set(git(job, 'cat-file', '--batch-all-objects', '--batch-check=%(objectname)').split('\n'));
  const months = MONTHS.map((m) => here.has(git(remote, 'rev-parse', `memory~1:memories/${m}`)));
  // All or none: anything else is neither path.
  expect(new Set(months).size, `months fetched: ${months}`).toBe(1);
  return months[0];
}

/** The size the remote tip's commit claims (its Memory-Count trailer), or '' if none. */
function tipClaim(remote: string): string {
  return git(remote, 'log', '-1', '--format=%(trailers:key=Memory-Count,valueonly)', 'memory').trim();
}

describe('a first write picks its fetch from the size the branch claims', { timeout: 300_000 }, () => {
  it('small or unclaimed: every tree in one more fetch, counted, and the pushed commit carries the count; claimed big: treeless', async () => {
    const w = await world();
    expect(tipClaim(w.remote)).toBe(''); // pushed by a fast-forward: no sync wrote a commit on top

    // No claim: the blob-less path, which counts, and its commit says how many there are now.
    const a = ciClone(w.url);
    const r1 = cli(a, ['store', 'the first ci job learned the heron cache needs warming', '--sync', '--json']);
    expect(r1.code, r1.stderr).toBe(0);
    expect(r1.json.sync.received).toBe(w.total);
    expect(fetchedAllTrees(w.remote, a)).toBe(true);
    expect(git(a, 'for-each-ref', 'refs/git-memory/unchecked')).toBe('');
    expect(tipClaim(w.remote)).toBe(String(w.total + 1));

    // A small claim: the same path; the count goes on.
    const b = ciClone(w.url);
    const r2 = cli(b, ['store', 'the second ci job learned the heron cache is small', '--sync', '--json']);
    expect(r2.code, r2.stderr).toBe(0);
    expect(r2.json.sync.received).toBe(w.total + 1);
    expect(fetchedAllTrees(w.remote, b)).toBe(true);
    expect(tipClaim(w.remote)).toBe(String(w.total + 2));

    // The branch says it is big (a lie here: only cost may change): treeless, the claim carried on.
    // Under it, a commit from a writer that predates the trailer: the claim two commits down counts.
    claim(w.remote, 'memory: hand edit\n\nMemory-Count: 250000\n');
    claim(w.remote, 'memory: an older writer replayed this without a trailer\n');
    const c = ciClone(w.url);
    const r3 = cli(c, ['store', 'the third ci job learned the heron cache is sharded', '--sync', '--json']);
    expect(r3.code, r3.stderr).toBe(0);
    expect(r3.json.sync.received).toBeNull();
    expect(fetchedAllTrees(w.remote, c)).toBe(false);
    expect(git(c, 'for-each-ref', '--format=%(refname)', 'refs/git-memory/unchecked')).toBe('refs/git-memory/unchecked/memory');
    expect(tipClaim(w.remote)).toBe('250001');

    // MEMORY_SYNC_TREELESS=0 overrides a big claim (every tree, counted: the claim is corrected);
    // =1 overrides a small one.
    const d = ciClone(w.url);
    const r4 = cli(d, ['store', 'the fourth ci job learned the heron cache has a ttl', '--sync', '--json'], { MEMORY_SYNC_TREELESS: '0' });
    expect(r4.code, r4.stderr).toBe(0);
    expect(r4.json.sync.received).toBe(w.total + 3);
    expect(fetchedAllTrees(w.remote, d)).toBe(true);
    expect(tipClaim(w.remote)).toBe(String(w.total + 4));
    const e = ciClone(w.url);
    const r5 = cli(e, ['store', 'the fifth ci job learned the heron cache is warm', '--sync', '--json'], { MEMORY_SYNC_TREELESS: '1' });
    expect(r5.code, r5.stderr).toBe(0);
    expect(r5.json.sync.received).toBeNull();
    expect(fetchedAllTrees(w.remote, e)).toBe(false);
    expect(tipClaim(w.remote)).toBe(String(w.total + 5));

    git(w.remote, 'fsck', '--strict', '--no-progress');
    for (const r of [r1, r2, r3, r4, r5]) expect(idsOn(w.remote)).toContain(r.json.id);
    expect(idsOn(w.remote)).toHaveLength(w.total + 5);
  });

  it('a claim that does not parse only falls back to fetching every tree, and the next commit says the true count', async () => {
    const w = await world();
    const garbled = [
      'memory: x\n\nMemory-Count: 99999999999\n', // 11 digits
      'memory: x\n\nMemory-Count: -250000\n',
      'memory: x\n\nMemory-Count: 2.5e5\n',
      'memory: x\n\nMemory-Count: 0250000\n',
      'memory: x\n\nMemory-Count: 250000\nMemory-Count: 250000\n', // twice
      'memory: x\n\nMemory-Count: 250000\n\nand a paragraph after it\n', // not the trailer block
      `memory: x\n\n${'Memory-Count: 250000 '.repeat(20000)}\n`, // 400 KB on one line
    ];
    let n = w.total;
    for (const message of garbled) {
      claim(w.remote, message);
      const job = ciClone(w.url);
      const r = cli(job, ['store', `a fact stored under a garbled claim number ${n}`, '--sync', '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.json.sync.received, message.slice(0, 60)).toBe(n);
      expect(fetchedAllTrees(w.remote, job), message.slice(0, 60)).toBe(true);
      n++;
      expect(tipClaim(w.remote)).toBe(String(n));
    }
    git(w.remote, 'fsck', '--strict', '--no-progress');
    expect(idsOn(w.remote)).toHaveLength(n);
  });
});
