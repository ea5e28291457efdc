// Fixtures shared by the sync tests (fast and e2e files): a bare remote with clones, what a ref holds,
// pending refs, a store opened for one call, a push made to lose its race, hand-made versions.
import { chmodSync, cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { git, gitEnv, makeRepo, tempDir } from '../helpers.js';
import { MemoryStore } from '../../src/store/store.js';
import { memoryToFile } from '../../src/model/memory.js';
import { sync, pull } from '../../src/sync/index.js';

/**
 * Fixture repositories are built once a test file (the real way: init, clone, push, store, sync) and
 * each test gets a copy (cp -r of the remote and every clone, the clones' origin URL pointed at the
 * copied remote): a copy costs no git process, a build a dozen or more. Copies share nothing, so a
 * test may change its remote (hooks, refs, config) or clones freely. The fast project keeps modules
 * between files while each file's temp folders are removed after it, hence the existence check.
 */
type Repos = { remote: string; clones: string[] };
const templates = new Map<string, Repos & { data: unknown }>();
const intact = (t: Repos | undefined): t is Repos => !!t && [t.remote, ...t.clones].every((d) => existsSync(d));

function copyOf(from: Repos): Repos {
  const remote = tempDir('gm-repo-');
  cpSync(from.remote, remote, { recursive: true });
  const clones = from.clones.map((c) => {
    const d = tempDir('gm-clone-');
    cpSync(c, d, { recursive: true });
    const config = join(d, '.git', 'config');
    const text = readFileSync(config, 'utf8');
    expect(text).toContain(`url = ${from.remote}\n`);
    writeFileSync(config, text.split(`url = ${from.remote}\n`).join(`url = ${remote}\n`));
    return d;
  });
  return { remote, clones };
}

/** A bare remote whose default branch has one commit, and `n` full clones of it (a copy of a template). */
export function setup(n: number): Repos {
  let t = templates.get(`setup ${n}`);
  if (!intact(t)) templates.set(`setup ${n}`, (t = { ...build(n), data: null }));
  return copyOf(t!);
}

/** Builds what `setup` copies: a bare remote, a seed commit pushed to main, `n` clones. */
function build(n: number): { remote: string; clones: string[] } {
  const remote = makeRepo({ bare: true });
  const seed = tempDir('gm-seed-');
  git(seed, 'clone', '-q', remote, '.');
  writeFileSync(join(seed, 'README.md'), '# project\n');
  git(seed, 'add', 'README.md');
  git(seed, 'commit', '-q', '-m', 'init');
  git(seed, 'push', '-q', 'origin', 'HEAD:main');
  const clones = Array.from({ length: n }, () => {
    const d = tempDir('gm-clone-');
    git(d, 'clone', '-q', remote, '.');
    return d;
  });
  return { remote, clones };
}

export function idsOn(repo: string, ref = 'memory'): string[] {
  return git(repo, 'ls-tree', '-r', '--name-only', ref, '--', 'memories')
    .split('\n')
    .filter((p) => p.endsWith('.md'))
    .map((p) => p.slice(p.lastIndexOf('/') + 1, -3))
    .sort();
}

export function pendingRefs(remote: string): string[] {
  const out = git(remote, 'for-each-ref', '--format=%(refname)', 'refs/memory-pending/');
  return out ? out.split('\n') : [];
}

export async function withStore<T>(repo: string, fn: (s: MemoryStore) => Promise<T>): Promise<T> {
  const s = new MemoryStore({ repo });
  try {
    return await fn(s);
  } finally {
    s.close();
  }
}

export const storeIn = (repo: string, content: string) => withStore(repo, async (s) => (await s.store({ content })).id);

/**
 * Makes the next push to the remote lose a race deterministically: its pre-receive hook moves
 * refs/heads/memory to `oid` (a commit already on the remote) before the push is applied, as another
 * writer's push landing in between would. Later pushes are left alone.
 */
export function raceNextPush(remote: string, oid: string, extra = ''): void {
  writeFileSync(join(remote, 'race-with'), oid + '\n');
  const hook = join(remote, 'hooks', 'pre-receive');
  writeFileSync(
    hook,
    `#!/bin/sh
input=$(cat)
${extra}
if [ -f race-with ] && [ ! -f raced ]; then
  : > raced
  env -u GIT_QUARANTINE_PATH -u GIT_OBJECT_DIRECTORY -u GIT_ALTERNATE_OBJECT_DIRECTORIES git update-ref refs/heads/memory "$(cat race-with)"
fi
exit 0
`,
  );
  chmodSync(hook, 0o755);
}

/** a has stored and shared x1; b has pulled it; a then stores x2, parked on the remote outside the branch. */
export async function twoWriters() {
  type Ids = { x1: string; x2: string; parked: string };
  let t = templates.get('twoWriters') as (Repos & { data: Ids }) | undefined;
  if (!intact(t)) {
    const { remote, clones } = build(3);
    const [a, b] = clones;
    const x1 = await storeIn(a, 'x1 from a');
    // Folding: a quiet one-push sync would leave a copy of x1 in a pending ref (docs/sync.md).
    await withStore(a, (s) => sync(s, { fold: true }));
    await withStore(b, (s) => pull(s));
    const x2 = await storeIn(a, 'x2 from a');
    git(a, 'push', '-q', 'origin', 'memory:refs/parked/a');
    const parked = git(a, 'rev-parse', 'memory');
    templates.set('twoWriters', (t = { remote, clones, data: { x1, x2, parked } }));
  }
  const { remote, clones } = copyOf(t!);
  const [a, b, c] = clones;
  return { remote, a, b, c, ...t!.data };
}

export function fileOf(repo: string, id: string, ref = 'memory'): string | null {
  const path = git(repo, 'ls-tree', '-r', '--name-only', ref, '--', 'memories')
    .split('\n')
    .find((p) => p.endsWith(`/${id}.md`));
  return path ? git(repo, 'show', `${ref}:${path}`) : null;
}

export function reachableBlobs(repo: string, ref = 'memory'): Set<string> {
  return new Set(
    git(repo, 'rev-list', '--objects', ref)
      .split('\n')
      .map((l) => l.split(' ')[0]),
  );
}

/** Writes a new version of a memory (a later `updated` time) as one commit, the way an update does. */
export async function edit(repo: string, id: string, content: string, updated: string): Promise<void> {
  const s = new MemoryStore({ repo });
  try {
    const hit = s.find(id);
    if (!hit) throw new Error(`no ${id} in ${repo}`);
    const file = Buffer.from(memoryToFile({ ...hit.memory, content, updated }));
    await s.mutate(() => ({ change: { changes: new Map([[hit.path, file]]), message: `memory: update ${id}\n` }, result: {} }));
  } finally {
    s.close();
  }
}

export async function remove(repo: string, id: string): Promise<void> {
  const s = new MemoryStore({ repo });
  try {
    const hit = s.find(id);
    if (!hit) throw new Error(`no ${id} in ${repo}`);
    await s.mutate(() => ({ change: { changes: new Map([[hit.path, null]]), message: `memory: delete ${id}\n` }, result: {} }));
  } finally {
    s.close();
  }
}

export function pathsOn(repo: string, ref: string, under: string): string[] {
  const out = git(repo, 'ls-tree', '-r', '--name-only', ref, '--', under);
  return out ? out.split('\n').filter((p) => p.endsWith('.md')) : [];
}
export const idsUnder = (repo: string, ref: string, under: string) => pathsOn(repo, ref, under).map((p) => p.slice(p.lastIndexOf('/') + 1, -3)).sort();

/** A pending ref name made now (a burst in progress for every writer that fetches it). */
export const pendingName = (tag: string) => `refs/memory-pending/memory/${Date.now().toString(36).padStart(9, '0')}-${tag}`;

/** Asserts a command run (spawned or in-process) exited 0, showing its output if not. */
export function ok(r: { code: number; stdout: string; stderr: string }) {
  expect(r.code, r.stderr + r.stdout).toBe(0);
  return r;
}

/** The memory branch of `remote` in a fresh repository: `git fsck --strict` on what a clone gets (pending refs left for a person aside). */
export function fsckBranch(remote: string): void {
  const d = tempDir('gm-fsck-');
  git(d, 'init', '-q', '--bare');
  git(d, 'fetch', '-q', remote, 'memory:refs/heads/memory');
  expect(() => git(d, 'fsck', '--strict', '--no-progress', '--no-dangling')).not.toThrow();
}

/**
 * A bare remote (`remoteConfig` set on it): `main`, and `memory` with 2 memories in each of `months`
 * (and, with `thisMonth`, 2 in the current month), pushed from a full clone. `total` counts memories/
 * only (the README the store writes on a new branch is not one).
 */
export async function monthsWorld(
  months: string[],
  opts: { remoteConfig?: Record<string, string>; thisMonth?: boolean } = {},
): Promise<{ remote: string; url: string; total: number }> {
  const remote = makeRepo({ bare: true });
  for (const [k, v] of Object.entries(opts.remoteConfig ?? { 'uploadpack.allowFilter': 'true' })) git(remote, 'config', k, v);
  const seed = tempDir('gm-seed-');
  git(seed, 'clone', '-q', remote, '.');
  git(seed, 'commit', '-q', '--allow-empty', '-m', 'init');
  git(seed, 'push', '-q', 'origin', 'HEAD:main');
  let when = new Date();
  const s = new MemoryStore({ repo: seed, now: () => when });
  let total = 0;
  try {
    for (const m of months) {
      for (const d of ['03', '17']) {
        when = new Date(`${m}-${d}T10:00:00.000Z`);
        await s.store({ content: `what we learned on ${m}-${d} about the walrus${total} rollout` });
        total++;
      }
    }
    when = new Date();
    if (opts.thisMonth) for (let i = 0; i < 2; i++, total++) await s.store({ content: `a fact of this month number ${i} about the heron${i} cache` });
    await sync(s);
  } finally {
    s.close();
  }
  return { remote, url: `file://${remote}`, total };
}

/** A CI job's checkout: shallow, single-branch (main). */
export { ciClone } from '../helpers.js';

/** Writes a tree object from raw entries, names as given (git mktree would refuse some of them). */
export function rawTree(repo: string, entries: { mode: string; name: string; oid: string }[]): string {
  const parts = entries
    .slice()
    .sort((a, b) => Buffer.compare(Buffer.from(a.name + (a.mode === '40000' ? '/' : '')), Buffer.from(b.name + (b.mode === '40000' ? '/' : ''))))
    .map((e) => Buffer.concat([Buffer.from(`${e.mode} ${e.name}\0`), Buffer.from(e.oid, 'hex')]));
  return execFileSync('git', ['hash-object', '-w', '-t', 'tree', '--literally', '--stdin'], { cwd: repo, env: gitEnv, input: Buffer.concat(parts) })
    .toString()
    .trim();
}

/** The entries of one tree, modes as git writes them in a tree object. */
export function lsTree(repo: string, tree: string): { mode: string; name: string; oid: string }[] {
  const out = git(repo, 'ls-tree', tree);
  return out
    ? out.split('\n').map((l) => {
        const [meta, name] = l.split('\t');
        const [mode, , oid] = meta.split(' ');
        return { mode: mode === '040000' ? '40000' : mode, name, oid };
      })
    : [];
}
