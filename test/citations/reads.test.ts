import { afterAll, describe, expect, it, vi } from 'vitest';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { git, makeRepo, removeTempDirs, tempDir } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { openMemory } from '../../src/api.js';
import { connectIn } from '../mcp/in-process.js';

afterAll(removeTempDirs);

const body = (n: number, tag = 'line') => Array.from({ length: n }, (_, i) => `${tag} ${i + 1}`).join('\n') + '\n';

function commitAll(dir: string, msg = 'change'): string {
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', msg);
  return git(dir, 'rev-parse', 'HEAD').trim();
}

/**
 * A repository with src/http.ts and docs/api.md, three memories about the retry helper: one citing
 * http.ts (whose lines then change: stale), one citing api.md (unchanged: valid), one citing nothing.
 */
async function fixture(): Promise<{ dir: string; stale: string; valid: string; plain: string; head: string }> {
  const dir = makeRepo();
  writeFileSync(join(dir, 'http.ts'), body(30));
  writeFileSync(join(dir, 'api.md'), body(10, 'doc'));
  commitAll(dir, 'code');
  const m = openMemory({ repo: dir });
  const stale = (await m.store({ content: 'the retry helper backs off exponentially up to five tries', cite: ['http.ts:10-12'] })).id;
  const valid = (await m.store({ content: 'the retry helper is documented in the api reference', cite: ['api.md:2-3'] })).id;
  const plain = (await m.store({ content: 'the retry helper logs every attempt' })).id;
  m.close();
  writeFileSync(join(dir, 'http.ts'), body(30).replace('line 11\n', 'line eleven\n'));
  const head = commitAll(dir, 'edit the retry helper');
  return { dir, stale, valid, plain, head };
}

describe('reads carry citation states', () => {
  it('library: get, list, recent, tagged carry citations with their state; memories without citations have none', async () => {
    const f = await fixture();
    const m = openMemory({ repo: f.dir });
    const g = await m.get(f.stale);
    expect(g.memory.citations).toEqual([expect.objectContaining({ path: 'http.ts', lines: [10, 12], state: 'changed' })]);
    expect(g.memory.stale?.reason).toContain('http.ts:10-12 changed');
    expect(g.memory.stale?.reason).toContain(f.head.slice(0, 12));
    const v = await m.get(f.valid);
    expect(v.memory.citations).toEqual([expect.objectContaining({ path: 'api.md', lines: [2, 3], state: 'valid' })]);
    expect(v.memory.stale).toBeUndefined();
    const p = await m.get(f.plain);
    expect('citations' in p.memory).toBe(false);
    const byId = (list: { id: string; citations?: { state: string }[] }[]) => new Map(list.map((x) => [x.id, x.citations?.map((c) => c.state)]));
    for (const list of [(await m.list()).memories, (await m.recent(10)).memories]) {
      expect(byId(list).get(f.stale)).toEqual(['changed']);
      expect(byId(list).get(f.valid)).toEqual(['valid']);
      expect(byId(list).get(f.plain)).toBeUndefined();
    }
    // At the commit the citations were made at, nothing is stale.
    const before = git(f.dir, 'rev-parse', 'HEAD~1').trim();
    expect((await m.get(f.stale, { ref: before })).memory.citations?.[0].state).toBe('valid');
    m.close();
  });

  it('library: search puts a memory whose every citation changed under weak, marked stale, out of results', async () => {
    const f = await fixture();
    const m = openMemory({ repo: f.dir });
    const r = await m.search({ query: 'retry helper', mode: 'fulltext' });
    const ids = r.results.map((x) => x.id);
    expect(ids).toContain(f.valid);
    expect(ids).not.toContain(f.stale);
    const w = r.weak?.find((x) => x.id === f.stale);
    expect(w?.stale?.reason).toContain('http.ts:10-12 changed');
    expect(w?.citations?.[0].state).toBe('changed');
    expect(w?.confidence ?? 0).toBeLessThan(0.5);
    // At the citing commit it is a confident result again.
    const r0 = await m.search({ query: 'retry helper', mode: 'fulltext' }, { ref: git(f.dir, 'rev-parse', 'HEAD~1').trim() });
    expect(r0.results.find((x) => x.id === f.stale)?.citations?.[0].state).toBe('valid');
    await expect(m.search({ query: 'retry helper' }, { ref: 'no-such-ref' })).rejects.toMatchObject({ code: 'CITATION_INVALID' });
    m.close();
  });

  it('the states are cached under the git dir; a read writes nothing else', async () => {
    const f = await fixture();
    const refs = () => git(f.dir, 'for-each-ref').trim();
    const before = refs();
    const status = git(f.dir, 'status', '--porcelain');
    const m = openMemory({ repo: f.dir });
    await m.search({ query: 'retry helper', mode: 'fulltext' });
    m.close();
    expect(refs()).toBe(before);
    expect(git(f.dir, 'status', '--porcelain')).toBe(status);
    const cache = join(f.dir, '.git', 'git-memory');
    expect(existsSync(cache) && readdirSync(cache, { recursive: true }).some((n) => String(n).includes('citation'))).toBe(true);
  });

  it('a repository with no HEAD reads states as unknown with a reason, never a failure; one bad citation never breaks a search', async () => {
    const f = await fixture();
    const bare = join(tempDir(), 'b.git');
    git(join(bare, '..'), 'clone', '-q', '--bare', f.dir, bare);
    // A memory with a broken citation, written straight onto the branch.
    const m0 = openMemory({ repo: f.dir });
    const bad = (await m0.store({ content: 'the retry helper has a broken citation' })).id;
    m0.close();
    const wt = join(tempDir(), 'w');
    git(f.dir, 'worktree', 'add', '-q', wt, 'memory');
    const file = git(wt, 'ls-files').split('\n').find((p) => p.includes(bad.slice(4)))!;
    const text = (await import('node:fs')).readFileSync(join(wt, file), 'utf8').replace(/^---\n/, '---\ncitations:\n  - { path: "../../etc/passwd", lines: [1, 2] }\n  - 42\n');
    writeFileSync(join(wt, file), text);
    git(wt, 'commit', '-qam', 'hand edit');
    const m = openMemory({ repo: f.dir });
    const r = await m.search({ query: 'retry helper', mode: 'fulltext' });
    const hit = [...r.results, ...(r.weak ?? [])].find((x) => x.id === bad)!;
    expect(hit.citations?.map((c) => c.state)).toEqual(['invalid', 'invalid']);
    expect(hit.stale).toBeUndefined();
    m.close();
    // Bare: HEAD names the default branch, which has commits; make HEAD unborn to have nothing to check at.
    git(bare, 'symbolic-ref', 'HEAD', 'refs/heads/nothing');
    const b = openMemory({ repo: bare });
    const g = await b.get(f.stale);
    expect(g.memory.citations?.[0]).toMatchObject({ path: 'http.ts', state: 'unknown' });
    expect(g.memory.citations?.[0].reason).toBeTruthy();
    expect(g.memory.stale).toBeUndefined();
    const s = await b.search({ query: 'retry helper', mode: 'fulltext' });
    expect(s.results.map((x) => x.id)).toContain(f.stale);
    b.close();
  });

  it('list --cites PATH lists the memories citing a file or a folder', async () => {
    const dir = makeRepo();
    writeFileSync(join(dir, 'a.ts'), body(5));
    (await import('node:fs')).mkdirSync(join(dir, 'src/net'), { recursive: true });
    writeFileSync(join(dir, 'src/net/http.ts'), body(5));
    writeFileSync(join(dir, 'src/netx.ts'), body(5));
    commitAll(dir, 'code');
    const m = openMemory({ repo: dir });
    const a = (await m.store({ content: 'about a', cite: ['a.ts:1'] })).id;
    const h = (await m.store({ content: 'about http', cite: ['src/net/http.ts:1-2'] })).id;
    const x = (await m.store({ content: 'about netx', cite: ['src/netx.ts'] })).id;
    await m.store({ content: 'about nothing' });
    m.close();
    const ids = async (p: string) => (await runCli(dir, ['list', '--cites', p, '--json'])).json.memories.map((y: { id: string }) => y.id).sort();
    expect(await ids('a.ts')).toEqual([a]);
    expect(await ids('src/net')).toEqual([h]);
    expect(await ids('src/net/')).toEqual([h]);
    expect(await ids('src')).toEqual([h, x].sort());
    expect(await ids('nope.ts')).toEqual([]);
    const r = await runCli(dir, ['list', '--cites', '../x', '--json']);
    expect(r.code).toBe(2);
    expect(r.json.error.code).toBe('INVALID_INPUT');
    const { client } = await connectIn(dir);
    const t = await client.callTool({ name: 'memory_list', arguments: { cites: 'src/net' } });
    expect((t.structuredContent as { memories: { id: string }[] }).memories.map((y) => y.id)).toEqual([h]);
  });

  it('CLI --json and human output carry citations and the stale mark', async () => {
    const f = await fixture();
    const s = await runCli(f.dir, ['search', 'retry helper', '--mode', 'fulltext', '--json']);
    expect(s.code).toBe(0);
    expect(s.json.results.map((x: { id: string }) => x.id)).not.toContain(f.stale);
    expect(s.json.weak.find((x: { id: string }) => x.id === f.stale).stale.reason).toContain('http.ts:10-12 changed');
    const g = await runCli(f.dir, ['get', f.stale, '--json']);
    expect(g.json.memory.citations[0]).toMatchObject({ path: 'http.ts', lines: [10, 12], state: 'changed' });
    const g0 = await runCli(f.dir, ['get', f.stale, '--ref', git(f.dir, 'rev-parse', 'HEAD~1').trim(), '--json']);
    expect(g0.json.memory.citations[0].state).toBe('valid');
    const h = await runCli(f.dir, ['get', f.stale]);
    expect(h.stdout).toContain('cites http.ts:10-12 changed');
    expect(h.stdout).toContain('stale:');
    const l = await runCli(f.dir, ['recent', '--json']);
    expect(l.json.memories.find((x: { id: string }) => x.id === f.valid).citations[0].state).toBe('valid');
  });

  it('MCP: search, get, list, recent carry citations; a stale memory is under weak', async () => {
    const f = await fixture();
    const { client } = await connectIn(f.dir);
    const s = (await client.callTool({ name: 'memory_search', arguments: { query: 'retry helper', mode: 'fulltext' } })).structuredContent as { results: { id: string }[]; weak?: { id: string; stale?: { reason: string }; citations?: { state: string }[] }[] };
    expect(s.results.map((x) => x.id)).not.toContain(f.stale);
    const w = s.weak?.find((x) => x.id === f.stale);
    expect(w?.stale?.reason).toContain('http.ts:10-12 changed');
    expect(w?.citations?.[0].state).toBe('changed');
    const g = (await client.callTool({ name: 'memory_get', arguments: { id: f.valid } })).structuredContent as { memory: { citations?: { state: string }[] } };
    expect(g.memory.citations?.[0].state).toBe('valid');
    const g0 = (await client.callTool({ name: 'memory_get', arguments: { id: f.stale, ref: git(f.dir, 'rev-parse', 'HEAD~1').trim() } })).structuredContent as { memory: { citations?: { state: string }[] } };
    expect(g0.memory.citations?.[0].state).toBe('valid');
    for (const name of ['memory_list', 'memory_recent']) {
      const r = (await client.callTool({ name, arguments: {} })).structuredContent as { memories: { id: string; citations?: { state: string }[] }[] };
      expect(r.memories.find((x) => x.id === f.stale)?.citations?.[0].state).toBe('changed');
    }
  });
});

describe('MCP memory_verify', () => {
  it('returns the states, and for a changed citation the hunk and the current code around the old lines; writes nothing', async () => {
    const f = await fixture();
    const tip = git(f.dir, 'rev-parse', 'memory').trim();
    const { client } = await connectIn(f.dir);
    const tools = (await client.listTools()).tools;
    expect(tools.find((t) => t.name === 'memory_verify')?.annotations?.readOnlyHint).toBe(true);
    const r = await client.callTool({ name: 'memory_verify', arguments: {} });
    const out = r.structuredContent as { commit: string; memories: { id: string; citations: { state: string; hunk?: string; now?: { path: string; lines: number[]; text: string } }[] }[]; counts: Record<string, number> };
    expect(out.commit).toBe(f.head);
    expect(out.counts).toMatchObject({ changed: 1, valid: 1 });
    const c = out.memories.find((m) => m.id === f.stale)!.citations[0];
    expect(c.state).toBe('changed');
    expect(c.hunk).toContain('line eleven');
    expect(c.now).toEqual({ path: 'http.ts', lines: [5, 17], text: body(30).replace('line 11\n', 'line eleven\n').split('\n').slice(4, 17).join('\n') });
    expect(out.memories.find((m) => m.id === f.valid)!.citations[0]).not.toHaveProperty('now');
    const only = (await client.callTool({ name: 'memory_verify', arguments: { ids: [f.valid] } })).structuredContent as { memories: { id: string }[] };
    expect(only.memories.map((m) => m.id)).toEqual([f.valid]);
    const bad = await client.callTool({ name: 'memory_verify', arguments: { ref: 'no-such-ref' } });
    expect(bad.isError).toBe(true);
    expect(git(f.dir, 'rev-parse', 'memory').trim()).toBe(tip);
  });
});

describe('citations.staleAfter retention', () => {
  it('prune archives a memory stale at HEAD once its newest citation commit is older than staleAfter (fake clock); never deletes', async () => {
    const f = await fixture();
    const m = openMemory({ repo: f.dir });
    await expect(m.configSet('citations.staleAfter', '28')).rejects.toHaveProperty('code');
    await m.configSet('citations.staleAfter', '28d');
    const cited = Number(git(f.dir, 'log', '-1', '--format=%ct', 'HEAD~1')) * 1000;
    const day = 86_400_000;
    const early = await m.prune({ now: new Date(cited + 27 * day) });
    expect(early.archived).toEqual([]);
    const late = await m.prune({ now: new Date(cited + 29 * day) });
    expect(late.archived.map((a) => a.id)).toEqual([f.stale]);
    expect(late.archived[0].reason).toContain('http.ts:10-12 changed');
    expect(late.trashed).toEqual([]);
    const g = await m.get(f.stale);
    expect(g.memory.archived).toBe(true);
    expect((await m.list()).memories.map((x) => x.id).sort()).toEqual([f.valid, f.plain].sort());
    m.close();
  });
});

describe('citation states of a page of results', () => {
  it('are checked for the results that cite code; a result whose file has no citations is not read again', async () => {
    const f = await fixture();
    const { MemoryStore } = await import('../../src/store/store.js');
    const m = openMemory({ repo: f.dir });
    await m.search({ query: 'retry helper', mode: 'fulltext' });
    const spy = vi.spyOn(MemoryStore.prototype, 'findAtPath');
    try {
      const r = await m.search({ query: 'retry helper', mode: 'fulltext' });
      const all = [...r.results, ...(r.weak ?? [])];
      expect(all.map((x) => x.id).sort()).toEqual([f.stale, f.valid, f.plain].sort());
      expect(all.find((x) => x.id === f.stale)?.citations?.map((c) => c.state)).toEqual(['changed']);
      expect(all.find((x) => x.id === f.valid)?.citations?.map((c) => c.state)).toEqual(['valid']);
      expect('citations' in all.find((x) => x.id === f.plain)!).toBe(false);
      const read = spy.mock.calls.map((c) => c[0]);
      expect(read.sort()).toEqual([f.stale, f.valid].sort());
    } finally {
      spy.mockRestore();
      m.close();
    }
  });

  it('are read from the memories on the page, not from every memory on the branch (no catalog load)', async () => {
    const f = await fixture();
    const { MemoryStore } = await import('../../src/store/store.js');
    const m = openMemory({ repo: f.dir });
    // The first search builds the index (which may read everything); the reads after it must not.
    await m.search({ query: 'retry helper' });
    const spy = vi.spyOn(MemoryStore.prototype, 'catalog');
    try {
      const r = await m.search({ query: 'retry helper' });
      expect([...r.results, ...(r.weak ?? [])].find((x) => x.id === f.stale)?.stale).toBeDefined();
      const g = await m.get(f.valid);
      expect(g.memory.citations?.[0]?.state).toBe('valid');
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
      m.close();
    }
  });
});
