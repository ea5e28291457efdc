import { afterAll, describe, expect, it } from 'vitest';
import { symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { git, makeRepo, removeTempDirs, tempDir } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { MemoryStore } from '../../src/store/store.js';
import { parseCitations } from '../../src/citations/model.js';
import { lineMapping } from '../../src/citations/line-diff.js';

afterAll(removeTempDirs);

const body = (n: number, tag = 'line') => Array.from({ length: n }, (_, i) => `${tag} ${i + 1}`).join('\n') + '\n';

/** A repository with committed code files (the memory branch is written by the tests). */
function codeRepo(files: Record<string, string>): string {
  const dir = makeRepo();
  for (const [p, text] of Object.entries(files)) {
    mkdirSync(join(dir, p, '..'), { recursive: true });
    writeFileSync(join(dir, p), text);
  }
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'code');
  return dir;
}

function commitAll(dir: string, msg = 'change'): string {
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', msg);
  return git(dir, 'rev-parse', 'HEAD').trim();
}

/** A depth-1 clone of `dir` (no history before its HEAD) with the memory branch. */
function depth1Clone(dir: string): string {
  const c = join(tempDir(), 'c');
  git(dir, 'config', 'uploadpack.allowFilter', 'true');
  git(join(c, '..'), 'clone', '-q', '--depth', '1', '--no-single-branch', `file://${dir}`, 'c');
  git(c, 'branch', 'memory', 'origin/memory');
  return c;
}

describe('citations on write', () => {
  it('stores a citation with commit, blob, hash and text; the front matter round-trips', async () => {
    const dir = codeRepo({ 'src/a.ts': body(30) });
    const r = await runCli(dir, ['store', 'a fact about a.ts', '--cite', 'src/a.ts:3-5', '--cite', './src//a.ts:7', '--cite', 'src/a.ts', '--json']);
    expect(r.code).toBe(0);
    expect(r.json.citations).toBe(3);
    const m = new MemoryStore({ repo: dir });
    const got = m.find(r.json.id)!;
    const parsed = parseCitations(got.memory.extra.citations);
    expect(parsed.every((p) => p.ok)).toBe(true);
    const c = parsed.map((p) => (p.ok ? p.citation : null))!;
    expect(c[0]).toMatchObject({ path: 'src/a.ts', lines: [3, 5], commit: git(dir, 'rev-parse', 'HEAD').trim(), blob: git(dir, 'rev-parse', 'HEAD:src/a.ts').trim(), text: 'line 3\nline 4\nline 5' });
    expect(c[1]).toMatchObject({ path: 'src/a.ts', lines: [7, 7] });
    expect(c[2]).toMatchObject({ path: 'src/a.ts', lines: [1, 30], whole: true });
    m.close();
  });

  it.each([
    ['src/a.ts:31', 'out-of-range'],
    ['src/nope.ts', 'not-tracked'],
    ['../../etc/passwd', 'bad-path'],
    ['/etc/passwd', 'bad-path'],
    ['src/link.ts', 'symlink'],
    ['src', 'not-a-file'],
    ['src/a.ts:0-2', 'bad-range'],
    ['src/a.ts:1-9999999999999999999', 'bad-range'],
  ])('refuses %s with CITATION_INVALID (%s) and stores nothing', async (spec, reason) => {
    const dir = codeRepo({ 'src/a.ts': body(30) });
    symlinkSync('a.ts', join(dir, 'src/link.ts'));
    commitAll(dir);
    const r = await runCli(dir, ['store', 'x', '--cite', spec, '--json']);
    expect(r.code).toBe(2);
    expect(r.json.error.code).toBe('CITATION_INVALID');
    expect(r.json.error.data.reason).toBe(reason);
    expect(git(dir, 'branch', '--list', 'memory').trim()).toBe('');
  });

  it('verify --id of a memory that is not on the branch is NOT_FOUND, not an empty report', async () => {
    const dir = codeRepo({ 'a.txt': body(10) });
    const s = await runCli(dir, ['store', 'x', '--cite', 'a.txt:1-2', '--json']);
    expect((await runCli(dir, ['verify', '--id', s.json.id, '--json'])).json.counts.citations).toBe(1);
    const r = await runCli(dir, ['verify', '--id', 'mem_0k2x9d1ab7q4ce3m', '--json']);
    expect(r.code).toBe(3);
    expect(r.json.error.code).toBe('NOT_FOUND');
    expect((await runCli(dir, ['verify', '--id', '../x', '--json'])).json.error.code).toBe('INVALID_ID');
  });

  it('warns when the working tree differs from HEAD in the cited lines, and cites HEAD', async () => {
    const dir = codeRepo({ 'a.txt': body(10) });
    writeFileSync(join(dir, 'a.txt'), body(10).replace('line 2\n', 'line two\n'));
    const r = await runCli(dir, ['store', 'x', '--cite', 'a.txt:1-3', '--json']);
    expect(r.code).toBe(0);
    expect(r.json.warnings).toHaveLength(1);
    const quiet = await runCli(dir, ['store', 'y', '--cite', 'a.txt:5-6', '--json']);
    expect(quiet.json.warnings).toBeUndefined();
  });

  it('update --cite replaces the citations, --uncite removes them', async () => {
    const dir = codeRepo({ 'a.txt': body(10) });
    const s = await runCli(dir, ['store', 'x', '--cite', 'a.txt:1-2', '--json']);
    const u = await runCli(dir, ['update', s.json.id, '--cite', 'a.txt:4-5', '--json']);
    expect(u.json.changed).toEqual(['citations']);
    const v = await runCli(dir, ['verify', '--json']);
    expect(v.json.memories[0].citations.map((c: { lines: number[] }) => c.lines)).toEqual([[4, 5]]);
    const x = await runCli(dir, ['update', s.json.id, '--uncite', '--json']);
    expect(x.json.changed).toEqual(['citations']);
    expect((await runCli(dir, ['verify', '--json'])).json.memories).toEqual([]);
  });
});

describe('memory verify', () => {
  it('valid, moved (same file and renamed file), changed with a hunk, gone; --fix re-anchors once', async () => {
    const dir = codeRepo({ 'a.txt': body(20), 'b.txt': body(20, 'bee'), 'c.txt': body(20, 'sea'), 'd.txt': body(20, 'dee'), 'e.txt': body(20, 'eee') });
    const s = await runCli(dir, ['store', 'x', '--cite', 'a.txt:5-7', '--cite', 'b.txt:10-12', '--cite', 'c.txt:3-4', '--cite', 'd.txt:1-2', '--cite', 'e.txt:2-3', '--json']);
    expect(s.code).toBe(0);
    // a: unchanged elsewhere too; b: 3 lines inserted above; c: cited lines edited; d: deleted; e: renamed with an edit.
    writeFileSync(join(dir, 'b.txt'), 'new 1\nnew 2\nnew 3\n' + body(20, 'bee'));
    writeFileSync(join(dir, 'c.txt'), body(20, 'sea').replace('sea 3\n', 'sea three\n'));
    git(dir, 'rm', '-q', 'd.txt');
    git(dir, 'mv', 'e.txt', 'f.txt');
    writeFileSync(join(dir, 'f.txt'), 'top\n' + body(20, 'eee'));
    commitAll(dir);
    const v = await runCli(dir, ['verify', '--json']);
    expect(v.code).toBe(0);
    const cs = v.json.memories[0].citations;
    expect(cs.map((c: { state: string }) => c.state)).toEqual(['valid', 'moved', 'changed', 'gone', 'moved']);
    expect(cs[1].at).toEqual({ path: 'b.txt', lines: [13, 15] });
    expect(cs[2].hunk).toContain('+sea three');
    expect(cs[4].at).toEqual({ path: 'f.txt', lines: [3, 4] });
    expect(v.json.counts).toMatchObject({ valid: 1, moved: 2, changed: 1, gone: 1 });
    expect((await runCli(dir, ['verify', '--strict', '--json'])).code).toBe(1);
    const f = await runCli(dir, ['verify', '--fix', '--json']);
    expect(f.json.fixed.citations).toBe(2);
    expect(git(dir, 'log', '-1', '--format=%s', 'memory')).toContain('verified against HEAD');
    const again = await runCli(dir, ['verify', '--fix', '--json']);
    expect(again.json.fixed.commit).toBeNull();
    expect(again.json.counts).toMatchObject({ valid: 3, moved: 0 });
    expect(again.json.memories[0].citations[0].state).toBe('valid');
  });

  it('a depth-1 clone finds a renamed unchanged file by blob id, and edited lines by text', async () => {
    const dir = codeRepo({ 'a.txt': body(20), 'b.txt': body(20, 'bee') });
    await runCli(dir, ['store', 'x', '--cite', 'a.txt:5-7', '--cite', 'b.txt:2-3', '--json']);
    mkdirSync(join(dir, 'moved'));
    git(dir, 'mv', 'a.txt', 'moved/a.txt');
    writeFileSync(join(dir, 'b.txt'), 'x\n' + body(20, 'bee'));
    commitAll(dir);
    const c = depth1Clone(dir);
    const v = await runCli(c, ['verify', '--json']);
    const cs = v.json.memories[0].citations;
    expect(cs.map((x: { state: string }) => x.state)).toEqual(['moved', 'moved']);
    expect(cs[0].at).toEqual({ path: 'moved/a.txt', lines: [5, 7] });
    expect(cs[1].at).toEqual({ path: 'b.txt', lines: [3, 4] });
  });

  it('without history, a deleted file is gone even when other files of the same name hold the cited lines', async () => {
    const common = 'const express = require(\'express\');\nconst app = express();\n';
    const dir = codeRepo({ 'ex/a/app.js': common + 'a\n', 'ex/b/app.js': common + 'b\n', 'ex/c/app.js': common + 'c\n' });
    await runCli(dir, ['store', 'x', '--cite', 'ex/a/app.js:1-2', '--json']);
    git(dir, 'rm', '-q', 'ex/a/app.js');
    commitAll(dir);
    const c = depth1Clone(dir);
    expect((await runCli(c, ['verify', '--json'])).json.memories[0].citations[0].state).toBe('gone');
    expect((await runCli(dir, ['verify', '--json'])).json.memories[0].citations[0].state).toBe('gone');
  });

  it('without history, a renamed and edited file is found by its unique name for ranges of 3 lines or more', async () => {
    const dir = codeRepo({ 'lib/only.txt': body(20, 'only') });
    await runCli(dir, ['store', 'x', '--cite', 'lib/only.txt:4-6', '--cite', 'lib/only.txt:9', '--json']);
    mkdirSync(join(dir, 'src'));
    git(dir, 'mv', 'lib/only.txt', 'src/only.txt');
    writeFileSync(join(dir, 'src/only.txt'), 'new\n' + body(20, 'only'));
    commitAll(dir);
    const c = depth1Clone(dir);
    const cs = (await runCli(c, ['verify', '--json'])).json.memories[0].citations;
    expect(cs.map((x: { state: string }) => x.state)).toEqual(['moved', 'gone']);
    expect(cs[0].at).toEqual({ path: 'src/only.txt', lines: [5, 7] });
    // With history, git's rename detection finds both.
    expect((await runCli(dir, ['verify', '--json'])).json.memories[0].citations.map((x: { state: string }) => x.state)).toEqual(['moved', 'moved']);
  });

  it('a partial (blob:none) clone checks changed files, fetching the blobs it needs', async () => {
    const dir = codeRepo({ 'a.txt': body(20), 'b.txt': body(20, 'bee') });
    await runCli(dir, ['store', 'x', '--cite', 'a.txt:5-7', '--cite', 'b.txt:2-3', '--json']);
    writeFileSync(join(dir, 'a.txt'), 'x\n' + body(20));
    writeFileSync(join(dir, 'b.txt'), body(20, 'bee').replace('bee 2\n', 'bee II\n'));
    commitAll(dir);
    git(dir, 'config', 'uploadpack.allowFilter', 'true');
    const clone = tempDir();
    git(clone, 'clone', '-q', '--filter=blob:none', '--no-single-branch', `file://${dir}`, 'p');
    const c = join(clone, 'p');
    git(c, 'branch', 'memory', 'origin/memory');
    const cs = (await runCli(c, ['verify', '--json'])).json.memories[0].citations;
    expect(cs.map((x: { state: string }) => x.state)).toEqual(['moved', 'changed']);
    expect(cs[0].at).toEqual({ path: 'a.txt', lines: [6, 8] });
    expect(cs[1].hunk).toContain('+bee II');
  });

  it('hostile citations on the branch are reported invalid per citation; search and get still work', async () => {
    const dir = codeRepo({ 'a.txt': body(5) });
    const s = await runCli(dir, ['store', 'hostile neighbour', '--cite', 'a.txt:1-2', '--json']);
    const m = new MemoryStore({ repo: dir });
    const hit = m.find(s.json.id)!;
    const good = (hit.memory.extra.citations as unknown[])[0] as Record<string, unknown>;
    const bad = [
      good,
      { ...good, path: '../../etc/passwd' },
      { ...good, path: '/etc/passwd' },
      { ...good, lines: [1, 100_000_000] },
      { ...good, commit: 'not-hex' },
      'garbage',
    ];
    const text = git(dir, 'show', `memory:${hit.path}`).replace(/citations:[\s\S]*?\n---/, `citations: ${JSON.stringify(bad)}\n---`);
    m.close();
    const wt = tempDir();
    git(dir, 'worktree', 'add', '-q', wt, 'memory');
    writeFileSync(join(wt, hit.path), text);
    git(wt, 'commit', '-qam', 'hand edit');
    const v = await runCli(dir, ['verify', '--json']);
    const states = v.json.memories[0].citations.map((c: { state: string }) => c.state);
    expect(states).toEqual(['valid', 'invalid', 'invalid', 'invalid', 'invalid', 'invalid']);
    expect((await runCli(dir, ['get', s.json.id, '--json'])).code).toBe(0);
    expect((await runCli(dir, ['search', 'hostile', '--json'])).json.results.length).toBe(1);
    // A citation list that is not a list.
    writeFileSync(join(wt, hit.path), text.replace(/citations: .*\n/, 'citations: {a: [1, 2]}\n'));
    git(wt, 'commit', '-qam', 'hand edit 2');
    expect((await runCli(dir, ['verify', '--json'])).json.memories[0].citations[0]).toMatchObject({ state: 'invalid' });
    // A citation of a symbolic link (its blob id given, as a hostile writer could): not followed, not valid.
    symlinkSync('/etc/passwd', join(dir, 'link'));
    commitAll(dir);
    const linkBlob = git(dir, 'rev-parse', 'HEAD:link').trim();
    writeFileSync(join(wt, hit.path), text.replace(/citations: .*\n/, `citations: ${JSON.stringify([{ ...good, path: 'link', blob: linkBlob }])}\n`));
    git(wt, 'commit', '-qam', 'hand edit 3');
    expect((await runCli(dir, ['verify', '--json'])).json.memories[0].citations[0]).toMatchObject({ state: 'changed', reason: expect.stringContaining('symbolic link') });
    // Front matter that is not YAML: the memory is skipped by every read, verify reports the rest.
    writeFileSync(join(wt, hit.path), '---\ncitations: [unclosed\n---\nbody\n');
    git(wt, 'commit', '-qam', 'garbage yaml');
    git(dir, 'worktree', 'remove', '--force', wt);
    expect((await runCli(dir, ['store', 'second', '--cite', 'a.txt:3', '--json'])).code).toBe(0);
    const after = await runCli(dir, ['verify', '--json']);
    expect(after.code).toBe(0);
    expect(after.json.counts).toMatchObject({ memories: 1, valid: 1 });
  });

  it('--since reports the memories whose cited lines the range changes', async () => {
    const dir = codeRepo({ 'a.txt': body(20), 'b.txt': body(20, 'bee') });
    const base = git(dir, 'rev-parse', 'HEAD').trim();
    const one = await runCli(dir, ['store', 'about a', '--cite', 'a.txt:2-3', '--json']);
    await runCli(dir, ['store', 'about b', '--cite', 'b.txt:2-3', '--json']);
    writeFileSync(join(dir, 'a.txt'), body(20).replace('line 3\n', 'line III\n'));
    writeFileSync(join(dir, 'b.txt'), body(20, 'bee').replace('bee 9\n', 'bee IX\n'));
    commitAll(dir);
    const v = await runCli(dir, ['verify', '--since', base, '--json']);
    expect(v.json.memories.map((m: { id: string }) => m.id)).toEqual([one.json.id]);
    expect(v.json.memories[0].citations[0].state).toBe('changed');
  });
});

describe('line mapping', () => {
  it('maps unchanged lines across inserts and deletes', () => {
    const a = ['a', 'b', 'c', 'd', 'e'];
    const b = ['x', 'a', 'b', 'd', 'e', 'y'];
    expect([...lineMapping(a, b)!]).toEqual([1, 2, -1, 3, 4]);
  });
});

describe('citations through the other doors', () => {
  it('MCP memory_store/memory_update take citations and citeRef; a bad one is CITATION_INVALID', async () => {
    const { connectIn } = await import('../mcp/in-process.js');
    const { structured, errorCode } = await import('../mcp/client.js');
    const dir = codeRepo({ 'a.txt': body(10) });
    const { client } = await connectIn(dir);
    const r = structured(await client.callTool({ name: 'memory_store', arguments: { content: 'about a', citations: [{ path: 'a.txt', lines: [2, 4] }, { path: 'a.txt' }], citeRef: 'HEAD' } }));
    expect(r.citations).toBe(2);
    expect(errorCode(await client.callTool({ name: 'memory_store', arguments: { content: 'bad', citations: [{ path: '../x', lines: [1] }] } }))).toBe('CITATION_INVALID');
    const u = structured(await client.callTool({ name: 'memory_update', arguments: { id: r.id, citations: [{ path: 'a.txt', lines: [5] }] } }));
    expect(u.changed).toEqual(['citations']);
    const v = await runCli(dir, ['verify', '--json']);
    expect(v.json.memories[0].citations).toEqual([{ path: 'a.txt', lines: [5, 5], state: 'valid' }]);
  });

  it('export then import into another repository keeps the citations', async () => {
    const dir = codeRepo({ 'a.txt': body(10) });
    await runCli(dir, ['store', 'about a', '--cite', 'a.txt:2-3', '--json']);
    const exp = await runCli(dir, ['export', '--format', 'jsonl']);
    expect(exp.code).toBe(0);
    const other = tempDir();
    git(other, 'clone', '-q', dir, 'o');
    const o = join(other, 'o');
    const file = join(other, 'x.jsonl');
    writeFileSync(file, exp.stdout);
    expect((await runCli(o, ['import', file, '--json'])).code).toBe(0);
    const v = await runCli(o, ['verify', '--json']);
    expect(v.json.memories[0].citations).toEqual([{ path: 'a.txt', lines: [2, 3], state: 'valid' }]);
  });

  it('states are cached per (commit, memory blob); a cache of another format version is ignored', async () => {
    const { loadCitationStates, saveCitationStates, citationCacheDir } = await import('../../src/citations/cache.js');
    const dir = tempDir();
    const commit = 'a'.repeat(40);
    saveCitationStates(dir, commit, new Map([['b'.repeat(40), [{ path: 'x', lines: [1, 2] as [number, number], state: 'valid' as const }]]]));
    expect(loadCitationStates(dir, commit).get('b'.repeat(40))?.[0].state).toBe('valid');
    writeFileSync(join(citationCacheDir(dir), `${commit}.json`), JSON.stringify({ format: 999, commit, states: { ['b'.repeat(40)]: [{ path: 'x', lines: [1, 2], state: 'valid' }] } }));
    expect(loadCitationStates(dir, commit).size).toBe(0);
    writeFileSync(join(citationCacheDir(dir), `${commit}.json`), '{not json');
    expect(loadCitationStates(dir, commit).size).toBe(0);
  });

  it('a second verify at the same commit reads the states from the cache, not the code', async () => {
    const dir = codeRepo({ 'a.txt': body(10) });
    await runCli(dir, ['store', 'about a', '--cite', 'a.txt:2-3', '--json']);
    writeFileSync(join(dir, 'a.txt'), 'x\n' + body(10));
    commitAll(dir);
    const first = (await runCli(dir, ['verify', '--json'])).json;
    expect(first.memories[0].citations[0].state).toBe('moved');
    const { citationCacheDir } = await import('../../src/citations/cache.js');
    const m = new MemoryStore({ repo: dir });
    const file = join(citationCacheDir(m.cacheDir), `${first.commit}.json`);
    m.close();
    // Planting a different state in the cache shows the second run answers from it.
    const { readFileSync } = await import('node:fs');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"moved"', '"gone"'));
    expect((await runCli(dir, ['verify', '--json'])).json.memories[0].citations[0].state).toBe('gone');
    // --fix computes afresh.
    expect((await runCli(dir, ['verify', '--fix', '--json'])).json.fixed.citations).toBe(1);
  });
});
