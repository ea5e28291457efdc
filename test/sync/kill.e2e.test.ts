import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CLI, git, gitEnv } from '../helpers.js';
import { sync, pull } from '../../src/sync/index.js';
import { idsOn, setup, storeIn, withStore } from './fixtures.js';

/**
 * kill -9 of a writer or a folder at any point of a pending-ref sync: nothing lost, nothing
 * duplicated, `git fsck` clean. Precise kill points come from the remote's pre-receive hook, which
 * records each push it receives and then holds it: the test kills the syncing process while its push
 * is in flight (the server still applies it: a job that died after its push was accepted). Other
 * rounds kill after a delay, before or between the network steps.
 */

/** A bare remote with a seed commit and three clones: a copy of the file's template (fixtures.ts). */
function world(): { remote: string; a: string; b: string; c: string } {
  const { remote, clones } = setup(3);
  const [a, b, c] = clones;
  return { remote, a, b, c };
}

/**
 * Every push is recorded (marks/<n>); from push number `holdAt` on, the hook holds each push until the
 * test releases it (a condition, not a sleep: the kill lands while that push is in flight however
 * loaded the machine); with race-with, the first one loses a race.
 */
function instrument(remote: string, holdAt: number | null): string {
  const marks = join(remote, 'marks');
  mkdirSync(marks, { recursive: true });
  mkdirSync(join(remote, 'released'), { recursive: true });
  rmSync(join(remote, 'release'), { force: true });
  const hook = join(remote, 'hooks', 'pre-receive');
  writeFileSync(
    hook,
    `#!/bin/sh
input=$(cat)
n=$(ls marks | wc -l)
echo "$input" > "marks/$((n + 1))"
if [ -f race-with ] && [ ! -f raced ]; then
  : > raced
  env -u GIT_QUARANTINE_PATH -u GIT_OBJECT_DIRECTORY -u GIT_ALTERNATE_OBJECT_DIRECTORIES git update-ref refs/heads/memory "$(cat race-with)"
fi
${holdAt === null ? '' : `if [ $((n + 1)) -ge ${holdAt} ]; then i=0; while [ ! -f release ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done; fi`}
: > "released/$((n + 1))"
exit 0
`,
  );
  chmodSync(hook, 0o755);
  return marks;
}

/**
 * Lets a held push go on and waits until the server is done with every push it saw: each hook has
 * finished and no ref lock is left (the server applies or refuses the push after its hook).
 */
async function releaseAndSettle(remote: string): Promise<void> {
  writeFileSync(join(remote, 'release'), '');
  const locked = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((e) => (e.isDirectory() ? locked(join(dir, e.name)) : e.name.endsWith('.lock')));
  await waitFor(() => readdirSync(join(remote, 'released')).length >= readdirSync(join(remote, 'marks')).length && !locked(join(remote, 'refs')) && !existsSync(join(remote, 'packed-refs.lock')));
}

const pushesSeen = (marks: string) => readdirSync(marks).length;

/** Runs `memory.sync()` in a child process; resolves once it exited (killed or not). */
function spawnSync(repo: string) {
  const lib = join(dirname(CLI()), 'index.js');
  const script = `import(${JSON.stringify(lib)}).then(async ({ openMemory }) => { const m = openMemory({ repo: ${JSON.stringify(repo)} }); await m.sync(); m.close(); });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { env: gitEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  const closed = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  return { child, closed };
}

async function waitFor(cond: () => boolean, ms = 60_000): Promise<void> {
  const start = Date.now();
  while (!cond()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

function assertWhole(remote: string, clones: string[], ids: string[]): void {
  expect(idsOn(remote)).toEqual([...ids].sort());
  // Nothing duplicated: each memory's store commit is on the branch once.
  for (const id of ids) expect(git(remote, 'log', '--format=%H', '--grep', `Memory-Id: ${id}`, 'memory').split('\n'), id).toHaveLength(1);
  expect(git(remote, 'for-each-ref', 'refs/memory-pending/')).toBe('');
  expect(git(remote, 'rev-list', '--merges', '--count', 'memory')).toBe('0');
  expect(() => git(remote, 'fsck', '--strict', '--no-progress')).not.toThrow();
  for (const c of clones) {
    expect(() => git(c, 'fsck', '--no-progress')).not.toThrow();
    expect(git(c, 'rev-parse', 'memory^{tree}')).toBe(git(remote, 'rev-parse', 'memory^{tree}'));
  }
}

/** Everyone syncs until the remote holds everything and no pending ref is left. */
async function settle(clones: string[]): Promise<void> {
  for (let round = 0; round < 2; round++) for (const c of clones) await withStore(c, (s) => sync(s));
}

// Real processes and a remote that holds pushes: minutes on a loaded 2-core machine.
describe('kill -9 during a pending-ref sync', { timeout: 400_000 }, () => {
  // [which push of the victim's sync to kill it in, whether its first push loses a race]
  const points: Array<[string, number, boolean]> = [
    ['writer killed while its fold push is in flight', 1, false],
    ['writer killed while its pending-ref push is in flight', 2, true],
    ['writer killed while its losing fold push is in flight', 1, true],
  ];
  for (const [name, push, race] of points) {
    it(name, async () => {
      const { remote, a, b, c } = world();
      const x1 = await storeIn(a, 'x1 from a');
      await withStore(a, (s) => sync(s, { fold: true })); // no copy left: it would be a sign of a burst
      await withStore(b, (s) => pull(s));
      await withStore(c, (s) => pull(s));
      const x2 = await storeIn(a, 'x2 from a');
      git(a, 'push', '-q', 'origin', 'memory:refs/parked/a');
      // A pending ref with a memory to fold, made an hour ago (no sign of a burst): b's sync takes the
      // atomic fold, as these kill points name it (with nothing to fold it would send one push).
      const z = await storeIn(c, 'z from c, an hour ago');
      git(c, 'push', '-q', 'origin', `memory:refs/memory-pending/memory/${(Date.now() - 3_600_000).toString(36).padStart(9, '0')}-cccccccccc`);
      const y = await storeIn(b, 'y from b');
      const marks = instrument(remote, push);
      if (race) writeFileSync(join(remote, 'race-with'), git(a, 'rev-parse', 'memory') + '\n');

      const victim = spawnSync(b);
      await waitFor(() => pushesSeen(marks) >= push);
      victim.child.kill('SIGKILL');
      await victim.closed;
      // The server finishes the push it was holding.
      await releaseAndSettle(remote);
      instrument(remote, null);

      // Recovery: the killed clone syncs again; nothing was lost locally.
      expect(idsOn(b)).toContain(y);
      await settle([b, a, c]);
      assertWhole(remote, [a, b, c], [x1, x2, y, z]);
    });
  }

  it('folder killed while its fold push is in flight, and at random moments', async () => {
    const { remote, a, b, c } = world();
    const ids = [await storeIn(a, 'x1 from a')];
    await withStore(a, (s) => sync(s));
    await withStore(b, (s) => pull(s));
    for (let round = 0; round < 3; round++) {
      // Leave a pending ref: b's sync loses a race against a's parked commit.
      ids.push(await storeIn(a, `a ${round}`));
      git(a, 'push', '-q', '-f', 'origin', 'memory:refs/parked/a');
      ids.push(await storeIn(b, `b ${round}`));
      const marks = instrument(remote, null);
      rmSync(join(remote, 'raced'), { force: true });
      writeFileSync(join(remote, 'race-with'), git(a, 'rev-parse', 'memory') + '\n');
      const r = await withStore(b, (s) => sync(s));
      expect(r.pendingRef).not.toBeNull();
      // The folder (c) syncs and is killed: in its fold push (round 0), or after a delay.
      const before = pushesSeen(marks);
      if (round === 0) instrument(remote, before + 1);
      const folder = spawnSync(c);
      if (round === 0) await waitFor(() => pushesSeen(marks) > before);
      else await new Promise((r) => setTimeout(r, 300 + round * 700));
      folder.child.kill('SIGKILL');
      await folder.closed;
      await releaseAndSettle(remote);
      instrument(remote, null);
      await settle([c, a, b]);
      assertWhole(remote, [a, b, c], ids);
      await withStore(a, (s) => sync(s));
    }
  });
});
