// A memory whose file is on the branch but cannot be read is not "not found", and
// history does not call it "gone"; a file that is not valid UTF-8 is read with a warning and never
// rewritten by an update (which would replace its bytes with U+FFFD for good).
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, gitEnv, makeRepo, tempDir } from '../helpers.js';
import { spawnSync } from 'node:child_process';
import { openMemory } from '../../src/api.js';
import { commitToBranch, runIn } from './boundary.js';

/** Commits `bytes` as they are at `path` on the memory branch (git plumbing, no UTF-8 encoding on the way). */
function commitBytes(repo: string, path: string, bytes: Buffer): void {
  const env = { ...gitEnv, GIT_INDEX_FILE: join(tempDir(), 'index') };
  const g = (...a: string[]) => spawnSync('git', a, { cwd: repo, env, encoding: 'utf8' }).stdout.trim();
  const parent = g('rev-parse', 'refs/heads/memory');
  g('read-tree', parent);
  const f = join(tempDir(), 'blob');
  writeFileSync(f, bytes);
  g('update-index', '--add', '--cacheinfo', `100644,${g('hash-object', '-w', f)},${path}`);
  const commit = g('commit-tree', g('write-tree'), '-p', parent, '-m', 'latin-1 edit');
  g('update-ref', 'refs/heads/memory', commit);
}

async function stored(repo: string, text: string): Promise<{ id: string; path: string }> {
  const r = await runIn(repo, ['store', text, '--json']);
  expect(r.code, r.stderr).toBe(0);
  const path = git(repo, 'ls-tree', '-r', '--name-only', 'memory').split('\n').find((p) => p.includes(r.json.id))!;
  return { id: r.json.id, path };
}

describe('a present but unreadable memory file', () => {
  it('get and update answer UNREADABLE_MEMORY naming the path; history says unreadable, not gone', async () => {
    const repo = makeRepo({ commit: true });
    const { id, path } = await stored(repo, 'hello world one');
    commitToBranch(repo, { [path]: `---\nid: ${id}\ntags: {a: [1}\n---\nbody\n` });
    const g = await runIn(repo, ['get', id, '--json']);
    expect(g.json.error.code).toBe('UNREADABLE_MEMORY');
    expect(g.json.error.data.path).toBe(path);
    expect(g.code).toBe(3);
    const u = await runIn(repo, ['update', id, '--content', 'new text', '--json']);
    expect(u.json.error.code).toBe('UNREADABLE_MEMORY');
    const d = await runIn(repo, ['delete', id, '--json']);
    expect(d.json.error.code).toBe('UNREADABLE_MEMORY');
    const h = await runIn(repo, ['history', id]);
    expect(h.code).toBe(0);
    expect(h.stdout).toContain('unreadable');
    expect(h.stdout).not.toContain('gone');
    const hj = await runIn(repo, ['history', id, '--json']);
    expect(hj.json.versions[0].unreadable).toMatch(/YAML/);
  });

  it('a hand-written file (id from its path) that cannot be read: UNREADABLE_MEMORY too', async () => {
    const repo = makeRepo({ commit: true });
    await stored(repo, 'something else');
    commitToBranch(repo, { 'memories/hand/notes.md': '---\ntags: [unclosed\n---\nbody\n' });
    // Its id is derived from the path: the one `list` would show if it were readable.
    const mem = openMemory({ repo, warn: () => {} });
    const { idFromPath } = await import('../../src/model/id.js');
    try {
      await expect(mem.get(idFromPath('memories/hand/notes.md'))).rejects.toMatchObject({ code: 'UNREADABLE_MEMORY', data: { path: 'memories/hand/notes.md' } });
      await expect(mem.get('mem_doesnotexist')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      mem.close();
    }
  });
});

describe('invalid UTF-8 in a branch file', () => {
  it('get warns naming the path; update refuses and leaves the bytes as they are', async () => {
    const repo = makeRepo({ commit: true });
    const { id, path } = await stored(repo, 'placeholder');
    const head = git(repo, 'cat-file', '-p', `memory:${path}`).replace(/placeholder\n?$/, '');
    // Latin-1 bytes (caf\xe9) written by another tool: not UTF-8.
    commitBytes(repo, path, Buffer.concat([Buffer.from(head), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])]));
    const before = git(repo, 'rev-parse', 'memory');
    const g = await runIn(repo, ['get', id, '--json']);
    expect(g.code).toBe(0);
    expect(g.stderr).toContain(path);
    expect(g.stderr).toMatch(/UTF-8/);
    const u = await runIn(repo, ['update', id, '--content', 'rewritten', '--json']);
    expect(u.json?.error?.code).toBe('UNREADABLE_MEMORY');
    expect(u.json.error.data.reason).toMatch(/UTF-8/);
    expect(git(repo, 'rev-parse', 'memory')).toBe(before);
  });
});

describe('an unreadable file is found again after its first warning', () => {
  it('stats counts it and names the command that names it; that command does, every time', async () => {
    const repo = makeRepo();
    await stored(repo, 'a good note');
    commitBytes(repo, 'memories/hand/broken.md', Buffer.from('---\ntags: [unclosed\n---\nbroken\n'));
    // The first read warns; later ones read the cached catalog and say nothing.
    await runIn(repo, ['list']);
    const stats = await runIn(repo, ['stats']);
    const hint = stats.stdout.match(/\(\+1 unreadable file; "(memory [^"]+)" names it\)/);
    expect(hint, stats.stdout).not.toBeNull();
    for (let i = 0; i < 2; i++) {
      const r = await runIn(repo, hint![1].split(' ').slice(1));
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain('memories/hand/broken.md');
    }
  });
});
