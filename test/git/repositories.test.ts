import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateBranchName } from '../../src/git/refs.js';
import { MemoryError } from '../../src/errors.js';
import { checkoutState, cli, git, gitEnv, makeRepo, tempDir } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { asRoot, rootOnly } from '../root-only.js';

const NAMES = [
  'memory', 'memory/sub', 'team-a/memories', 'a.b', 'x_y', 'v1.2', 'ünïcode', 'a@b', 'mem{ory}',
  'HEAD', '-x', '--branch', 'refs/heads/x', 'refs/x', 'x/', '/x', 'a//b', 'a..b', 'a b', 'a~1', 'a^', 'a:b', 'a?', 'a*', 'a[b',
  'a\\b', 'x.lock', 'x/y.lock', '.x', 'x/.y', 'x.', '@', 'a@{1}', 'tab\tname', 'nl\nname', '',
];

function gitAccepts(name: string): boolean {
  const r = spawnSync('git', ['check-ref-format', '--branch', name], { env: gitEnv, encoding: 'utf8', cwd: tempDir() });
  return r.status === 0;
}

function ourCode(name: string): string | null {
  try {
    validateBranchName(name);
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(MemoryError);
    return (e as MemoryError).code;
  }
}

describe('branch names', () => {
  it('are validated as `git check-ref-format --branch` does (plus HEAD and full refs refused)', () => {
    for (const name of NAMES) {
      const ours = ourCode(name);
      const stricter = name === 'HEAD' || name === '@' || name.startsWith('refs/');
      if (stricter) expect(ours, name).toBe('INVALID_INPUT');
      else expect(ours === null, JSON.stringify(name)).toBe(gitAccepts(name));
      if (ours !== null) expect(ours).toBe('INVALID_INPUT');
    }
  });

  it('a bad --branch is INVALID_INPUT (exit 2) and creates no ref', async () => {
    const repo = makeRepo({ commit: true });
    for (const name of ['HEAD', '-x', 'refs/heads/x', 'x/', 'a..b', 'x.lock']) {
      const r = await runCli(repo, ['store', 'some fact', '--branch', name, '--json']);
      expect(r.json?.error?.code, name).toBe('INVALID_INPUT');
      expect(r.code, name).toBe(2);
    }
    expect(git(repo, 'for-each-ref', '--format=%(refname)')).toBe('refs/heads/main');
  });

  it('nested names are valid; a name that collides with an existing branch is INVALID_INPUT, not INTERNAL', async () => {
    const repo = makeRepo({ commit: true });
    expect((await runCli(repo, ['store', 'nested fact', '--branch', 'memory/team-a', '--json'])).code).toBe(0);
    expect(git(repo, 'rev-parse', '--verify', '-q', 'refs/heads/memory/team-a')).toMatch(/^[0-9a-f]{40}$/);
    // refs/heads/memory cannot exist beside refs/heads/memory/team-a (a file and a folder of one name).
    const clash = await runCli(repo, ['store', 'clashing fact', '--branch', 'memory', '--json']);
    expect(clash.json.error.code).toBe('INVALID_INPUT');
    const other = makeRepo({ commit: true });
    expect((await runCli(other, ['store', 'plain', '--json'])).code).toBe(0);
    const sub = await runCli(other, ['store', 'sub', '--branch', 'memory/sub', '--json']);
    expect(sub.json.error.code).toBe('INVALID_INPUT');
    // Packed refs collide too.
    git(other, 'pack-refs', '--all');
    expect((await runCli(other, ['store', 'sub', '--branch', 'memory/sub', '--json'])).json.error.code).toBe('INVALID_INPUT');
  });
});

describe('checked-out branches', () => {
  it('refuses to write to the branch checked out in the main worktree; HEAD, index and tree unchanged', async () => {
    const repo = makeRepo({ commit: true });
    const before = checkoutState(repo);
    const head = git(repo, 'rev-parse', 'main');
    const r = await runCli(repo, ['store', 'x', '--branch', 'main', '--json']);
    expect(r.json.error.code).toBe('INVALID_INPUT');
    expect(r.json.error.data.reason).toBe('checked-out');
    expect(git(repo, 'rev-parse', 'main')).toBe(head);
    expect(checkoutState(repo)).toEqual(before);
  });

  it('refuses a branch checked out in a linked worktree, and an unborn checked-out branch', async () => {
    const repo = makeRepo({ commit: true });
    const wt = join(tempDir(), 'wt');
    git(repo, 'worktree', 'add', '-q', '-b', 'notes', wt);
    expect((await runCli(repo, ['store', 'x', '--branch', 'notes', '--json'])).json.error.code).toBe('INVALID_INPUT');
    expect((await runCli(wt, ['store', 'x', '--branch', 'notes', '--json'])).json.error.code).toBe('INVALID_INPUT');
    // From the linked worktree, the main worktree's branch is refused too; other branches work.
    expect((await runCli(wt, ['store', 'x', '--branch', 'main', '--json'])).json.error.code).toBe('INVALID_INPUT');
    expect((await runCli(wt, ['store', 'fine', '--json'])).code).toBe(0);
    const empty = makeRepo(); // HEAD -> refs/heads/main, no commit yet
    expect((await runCli(empty, ['store', 'x', '--branch', 'main', '--json'])).json.error.code).toBe('INVALID_INPUT');
    expect(git(empty, 'for-each-ref')).toBe('');
  });

  it('the advice for the memory branch checked out in a worktree names another way, not the same branch', async () => {
    const repo = makeRepo({ commit: true });
    expect((await runCli(repo, ['store', 'first', '--json'])).code).toBe(0);
    git(repo, 'worktree', 'add', '-q', join(tempDir(), 'wt'), 'memory');
    const r = await runCli(repo, ['store', 'x']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--branch memory-notes');
    expect(r.stderr).not.toContain('--branch memory ');
    expect(r.stderr).not.toMatch(/--branch memory$/m);
  });

  it("a bare repository's HEAD branch is not checked out: writes to it work", async () => {
    const bare = makeRepo({ bare: true });
    expect((await runCli(bare, ['store', 'into a bare repo', '--branch', 'main', '--json'])).code).toBe(0);
  });
});

describe('which repository', () => {
  it('an explicit --repo wins over GIT_DIR in the environment', async () => {
    const a = makeRepo({ commit: true });
    const b = makeRepo({ commit: true });
    const r = await runCli(tempDir(), ['store', 'belongs in A', '--repo', a, '--json'], { env: { GIT_DIR: join(b, '.git') } });
    expect(r.code).toBe(0);
    expect(git(a, 'rev-parse', '--verify', '-q', 'refs/heads/memory')).toMatch(/^[0-9a-f]{40}$/);
    expect(spawnSync('git', ['rev-parse', '--verify', '-q', 'refs/heads/memory'], { cwd: b, env: gitEnv }).status).not.toBe(0);
    // Without --repo, GIT_DIR is honoured as git does.
    expect((await runCli(a, ['store', 'belongs in B', '--json'], { env: { GIT_DIR: join(b, '.git') } })).code).toBe(0);
    expect(git(b, 'rev-parse', '--verify', '-q', 'refs/heads/memory')).toMatch(/^[0-9a-f]{40}$/);
  });

  rootOnly('root, to hand the repository to another user', asRoot)("a repository owned by another user is refused unless safe.directory trusts it (git's rule)", async () => {
    const repo = makeRepo({ commit: true });
    const chownR = (p: string) => {
      chownSync(p, 65534, 65534);
      if (!p.endsWith('.git') && existsSync(join(p, '.git'))) chownR(join(p, '.git'));
    };
    chownR(repo);
    const before = checkoutState(repo);
    // git itself refuses it
    expect(spawnSync('git', ['status'], { cwd: repo, env: gitEnv, encoding: 'utf8' }).stderr).toMatch(/dubious ownership/);
    for (const args of [['list', '--json'], ['store', 'x', '--json']]) {
      const r = await runCli(repo, args);
      expect(r.json.error.code, args[0]).toBe('UNSAFE_REPOSITORY');
    }
    expect(spawnSync('git', ['-c', `safe.directory=${repo}`, 'rev-parse', '-q', '--verify', 'refs/heads/memory'], { cwd: repo, env: gitEnv }).status).not.toBe(0);
    expect(checkoutState(repo).status).toBe(before.status);
    // Trusted by the global config, by `*`, or by git -c (GIT_CONFIG_PARAMETERS): allowed.
    const cfg = join(tempDir(), 'gitconfig');
    writeFileSync(cfg, `[safe]\n\tdirectory = ${repo}\n`);
    expect((await runCli(repo, ['store', 'trusted', '--json'], { env: { GIT_CONFIG_GLOBAL: cfg } })).code).toBe(0);
    writeFileSync(cfg, `[safe]\n\tdirectory = *\n\tdirectory =\n`); // an empty value resets the list
    expect((await runCli(repo, ['list', '--json'], { env: { GIT_CONFIG_GLOBAL: cfg } })).json.error.code).toBe('UNSAFE_REPOSITORY');
    writeFileSync(cfg, `[safe]\n\tdirectory = *\n`);
    expect((await runCli(repo, ['list', '--json'], { env: { GIT_CONFIG_GLOBAL: cfg } })).code).toBe(0);
    expect((await runCli(repo, ['list', '--json'], { env: { GIT_CONFIG_PARAMETERS: `'safe.directory'='${repo}'` } })).code).toBe(0);
    // The repository's own config cannot vouch for itself.
    git(repo, '-c', `safe.directory=${repo}`, 'config', 'safe.directory', repo);
    expect((await runCli(repo, ['list', '--json'])).json.error.code).toBe('UNSAFE_REPOSITORY');
  });
});

/** tmpfs mounts for disk-full and read-only file systems: root only (skipped elsewhere). */
function mountTmpfs(sizeKb: number): string | null {
  if (!(typeof process.getuid === 'function' && process.getuid() === 0)) return null;
  const dir = tempDir('gm-mnt-');
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', dir]);
  if (r.status !== 0) return null;
  mounted.push(dir);
  return dir;
}
const mounted: string[] = [];
afterAll(() => {
  for (const d of mounted) spawnSync('umount', ['-l', d]);
});

function tmpFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (/^tmp_(obj|pack|idx)_/.test(e.name)) out.push(join(d, e.name));
    }
  };
  walk(dir);
  return out;
}

describe('disk full and read-only repositories', () => {
  const canMount = mountTmpfs(64) !== null;

  rootOnly('root and a tmpfs mount', canMount)('a full disk gives DISK_FULL, leaves no temp files and no moved ref', async () => {
    const mnt = mountTmpfs(2048)!;
    const repo = join(mnt, 'r');
    mkdirSync(repo);
    git(repo, 'init', '-q', '-b', 'main');
    expect((await runCli(repo, ['store', 'first fact', '--json'])).code).toBe(0);
    const tip = git(repo, 'rev-parse', 'memory');
    // Fill the file system, then store something larger than what is left.
    spawnSync('dd', ['if=/dev/zero', `of=${join(mnt, 'filler')}`, 'bs=4k'], { stdio: 'ignore' });
    const big = Array.from({ length: 2500 }, () => Math.random().toString(36).slice(2, 8)).join(' '); // ~17 KB, incompressible
    const r = await runCli(repo, ['store', big, '--json']);
    expect(r.json.error.code).toBe('DISK_FULL');
    expect(r.json.error.message).toMatch(/free some disk space/);
    expect(tmpFiles(join(repo, '.git', 'objects'))).toEqual([]);
    expect(git(repo, 'rev-parse', 'memory')).toBe(tip);
    // A bulk import writes one pack: same code, no tmp_pack_* left behind.
    const lines = Array.from({ length: 50 }, (_, i) => JSON.stringify({ content: `imported ${i} ${Math.random().toString(36)}` })).join('\n');
    const imp = await runCli(repo, ['import', '-', '--json'], { input: lines });
    expect(imp.json.error.code).toBe('DISK_FULL');
    expect(tmpFiles(join(repo, '.git', 'objects'))).toEqual([]);
    expect(git(repo, 'rev-parse', 'memory')).toBe(tip);
  });

  rootOnly('root and a tmpfs mount', canMount)('a read-only .git gives READ_ONLY_REPOSITORY; reads still work', async () => {
    const mnt = mountTmpfs(4096)!;
    const repo = join(mnt, 'r');
    mkdirSync(repo);
    git(repo, 'init', '-q', '-b', 'main');
    expect((await runCli(repo, ['store', 'first fact', '--json'])).code).toBe(0);
    expect(spawnSync('mount', ['-o', 'remount,ro', mnt]).status).toBe(0);
    const r = await runCli(repo, ['store', 'second fact', '--json']);
    expect(r.json.error.code).toBe('READ_ONLY_REPOSITORY');
    expect((await runCli(repo, ['list', '--json'])).json.total).toBe(1);
  });

  it('temp packs left by a killed process are removed by the next write; live ones are kept', async () => {
    const repo = makeRepo({ commit: true });
    const packDir = join(repo, '.git', 'objects', 'pack');
    mkdirSync(packDir, { recursive: true });
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    writeFileSync(join(packDir, `tmp_pack_${dead}_abc123`), 'partial pack');
    writeFileSync(join(packDir, `tmp_pack_${process.pid}_live42`), 'in progress');
    writeFileSync(join(packDir, 'tmp_pack_XyZ123'), "git's own");
    expect((await runCli(repo, ['store', 'a fact', '--json'])).code).toBe(0);
    expect(readdirSync(packDir).filter((n) => n.startsWith('tmp_')).sort()).toEqual([`tmp_pack_${process.pid}_live42`, 'tmp_pack_XyZ123']);
  });
});
