import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, cli, cliAsync, git, gitEnv, makeRepo, tempDir } from '../helpers.js';
import { decodeSegment } from '../../src/search/segment.js';

/**
 * Many CI jobs share one index cache dir (a network cache, a runner that restores the same entry for a
 * matrix): real CLI processes writing DIR at once, and jobs killed (-9) at any point of a search with
 * a save. DIR must only ever hold whole files, and the next job must get the answer a plain search gets.
 */

function job(remote: string): string {
  const d = join(tempDir('gm-cjob-'), 'clone');
  git(process.cwd(), 'clone', '-q', '--depth', '1', '--branch', 'memory', `file://${remote}`, d);
  return d;
}

const ids = (r: { json: { results: Array<{ id: string }> } }) => r.json.results.map((m) => m.id).sort();
const q = ['search', 'staging', 'restarts', '--limit', '100', '--json'];

describe('one index cache dir, many jobs at once', { timeout: 180_000 }, () => {
  it('concurrent saves and kill -9 leave whole files; the next job answers as a plain search does', async () => {
    const remote = makeRepo({ bare: true });
    const writer = makeRepo();
    git(writer, 'remote', 'add', 'origin', remote);
    const file = join(tempDir('gm-cimport-'), 'm.jsonl');
    writeFileSync(file, Array.from({ length: 300 }, (_, i) => JSON.stringify({ content: `Note ${i}: the staging cluster ${i % 3 ? 'restarts nightly' : 'is stable'} (${i})` })).join('\n') + '\n');
    expect(cli(writer, ['import', file, '--json']).code).toBe(0);
    git(writer, 'push', '-q', 'origin', 'memory');
    const dir = join(tempDir('gm-cdir-'), 'cache');

    // Round 1: nothing cached; four jobs build and save at once.
    const one = await Promise.all(Array.from({ length: 4 }, () => cliAsync(job(remote), [...q, '--index-cache', dir])));
    for (const r of one) expect(r.code, r.stderr).toBe(0);

    // Round 2: the branch moves; four jobs restore, update and save at once, and four more are killed
    // with SIGKILL at staggered points of the same work.
    expect(cli(writer, ['store', 'The staging cluster restarts at 03:00 from now on', '--json']).code).toBe(0);
    git(writer, 'push', '-q', 'origin', 'memory');
    const killed = Array.from({ length: 4 }, (_, i) => {
      const p = spawn(process.execPath, [CLI(), ...q, '--index-cache', dir], { cwd: job(remote), env: gitEnv, stdio: 'ignore' });
      const t = setTimeout(() => p.kill('SIGKILL'), 150 + i * 120);
      return new Promise<void>((resolve) => p.on('close', () => (clearTimeout(t), resolve())));
    });
    const two = await Promise.all([...Array.from({ length: 4 }, () => cliAsync(job(remote), [...q, '--index-cache', dir])), ...killed]);
    for (const r of two.slice(0, 4) as Array<Awaited<ReturnType<typeof cliAsync>>>) expect(r?.code, r?.stderr).toBe(0);

    // Every index file in DIR is whole (no half-written base or delta under a real name).
    const branchDir = join(dir, 'memory');
    for (const f of readdirSync(branchDir).filter((n) => /^search-v\d+\.(base|delta)$/.test(n))) expect(() => decodeSegment(readFileSync(join(branchDir, f)))).not.toThrow();
    // The next job: the plain answer, from the cache (not a full build).
    const next = await cliAsync(job(remote), [...q, '--index-cache', dir]);
    expect(next.code, next.stderr).toBe(0);
    expect(next.json.indexCache.index).not.toBe('full');
    const plain = await cliAsync(job(remote), q);
    expect(ids(next)).toEqual(ids(plain));
    expect(next.json.total).toBe(plain.json.total);
  });
});
