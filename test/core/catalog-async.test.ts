import { describe, expect, it, vi } from 'vitest';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryStore } from '../../src/store/store.js';
import { loadCatalog, loadCatalogAsync, readCatalogFileAsync, writeCatalogCache, type CatalogEntry } from '../../src/model/catalog.js';
import { makeRepo } from '../helpers.js';

// `memory view` loads the full catalog in the background; at 100,000 memories one JSON.parse of
// its ~52 MB cache file holds the event loop for seconds, and every request waits.
// loadCatalogAsync reads the file off the thread and parses its entries a few at a time.
async function bigCache(n: number) {
  const repo = makeRepo({ commit: true });
  const s = new MemoryStore({ repo, warn: () => {} });
  await s.store({ content: 'API rate limit is 100 requests/minute', tags: ['api'], category: 'infrastructure' });
  await s.store({ content: 'The user prefers TypeScript', tags: ['prefs'] });
  const real = s.catalog();
  const file = join(s.cacheDir, readdirSync(s.cacheDir).find((f) => /^catalog-v\d+\.json$/.test(f))!);
  const body = JSON.parse(readFileSync(file, 'utf8')) as { format: number; tree: string; entries: CatalogEntry[]; skipped: unknown[] };
  const model = body.entries[0];
  // The cache of this very tree, made large: the loaders trust a cache of the same tree (derived data).
  for (let i = 0; i < n; i++) {
    const id = `mem_${String(i).padStart(17, '0')}`;
    body.entries.push({ path: `memories/2026-12/1/${id}.md`, oid: model.oid, memory: { ...model.memory, id, content: `${model.memory.content} ${i} `.repeat(6), path: `memories/2026-12/1/${id}.md` } });
  }
  writeFileSync(file, JSON.stringify(body));
  return { s, tree: real.tree, file, body };
}

describe('catalog loaded off the event loop', () => {
  it('reads the same catalog as the synchronous loader, and hands the loop back every few hundred entries', async () => {
    const N = 6000;
    const { s, tree } = await bigCache(N);
    const sync = loadCatalog(s.git, tree, { dir: s.cacheDir, persist: false });
    expect(sync.entries).toHaveLength(N + 2);

    // The loader lets the loop turn (its `pace`) whenever a piece has run SLICE_MS. A test clock
    // instead of the wall clock: every reading of performance.now() moves it 1 ms, so a piece is a
    // fixed amount of work (15 readings; the loader reads the clock every few dozen entries) whatever
    // the machine's speed or load. How long a turn waits in real time is measured by
    // bench/view-catalog.mjs (the longest answer while the viewer loads 100,000 memories).
    let clock = 0;
    let turns = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => ++clock);
    let cat: Awaited<ReturnType<typeof loadCatalogAsync>>;
    try {
      cat = await loadCatalogAsync(s.git, tree, { dir: s.cacheDir, pace: () => new Promise<void>((r) => setImmediate(() => (turns++, r()))) });
    } finally {
      now.mockRestore();
    }

    expect(cat.tree).toBe(tree);
    expect(cat.entries).toEqual(sync.entries);
    expect([...cat.byId.keys()]).toEqual([...sync.byId.keys()]);
    expect(cat.skipped).toEqual(sync.skipped);
    // One JSON.parse of the file (a synchronous load), or a parse that never yields, turns the
    // loop only while it indexes (a handful of times); parsed in pieces it turns every few hundred entries.
    expect(turns, `turns of the loop while loading ${N} entries`).toBeGreaterThanOrEqual(N / 1000);
  }, 120_000);

  it('rejects a cache file of an unknown format or a corrupt one, and rebuilds from the branch', async () => {
    const { s, tree, file, body } = await bigCache(10);
    writeFileSync(file, JSON.stringify({ ...body, format: 99 }));
    const a = await loadCatalogAsync(s.git, tree, { dir: s.cacheDir });
    expect(a.entries).toHaveLength(2);
    writeFileSync(file, '{"format": 2, "entries": [');
    const b = await loadCatalogAsync(s.git, tree, { dir: s.cacheDir });
    expect(b.entries.map((e) => e.memory.id).sort()).toEqual(a.entries.map((e) => e.memory.id).sort());
  }, 60_000);

  it('a cache file with a null row (cut or hand-edited) is rebuilt by both loaders, not thrown on every read', async () => {
    const { s, tree, file, body } = await bigCache(3);
    for (const bad of [{ ...body, skipped: [null] }, { ...body, entries: [...body.entries, null] }, { ...body, tree: 'f'.repeat(40), skipped: [{ path: 1 }] }]) {
      writeFileSync(file, JSON.stringify(bad));
      expect(loadCatalog(s.git, tree, { dir: s.cacheDir, persist: false }).entries).toHaveLength(2);
      writeFileSync(file, JSON.stringify(bad));
      expect((await loadCatalogAsync(s.git, tree, { dir: s.cacheDir })).entries).toHaveLength(2);
    }
  }, 60_000);

  it('uses a cache of an older tree as the previous catalog: only the new files are parsed', async () => {
    const { s, tree } = await bigCache(0);
    await s.store({ content: 'A third memory after the cache was written' });
    const tip = s.tip();
    const cat = await loadCatalogAsync(s.git, s.treeOf(tip), { dir: s.cacheDir });
    expect(cat.tree).not.toBe(tree);
    expect(cat.entries).toHaveLength(3);
  }, 60_000);

  it('writes one entry per line and reads both layouts entry by entry, whatever the memories contain', async () => {
    const { s, tree, file, body } = await bigCache(0);
    // Text that looks like the layout's own boundaries, quotes, escapes and multi-byte characters.
    const tricky = ['line one\nline two', ']}', '"entries":[', '{"path":"x"}', 'back\\slash \\" quote', 'é ü 雪 🎉', ',\n{', '\u2028 separator'];
    const model = body.entries[0];
    body.entries.push(...tricky.map((content, i) => {
      const id = `mem_${String(i).padStart(17, '0')}`;
      return { path: `memories/2026-12/1/${id}.md`, oid: model.oid, memory: { ...model.memory, id, content, metadata: { note: content, nested: { entries: [content] } }, path: `memories/2026-12/1/${id}.md` } };
    }));
    body.skipped.push({ path: 'memories/bad.md', oid: model.oid, reason: 'broken ]} "entries":[' } as never);
    const sync = () => loadCatalog(s.git, tree, { dir: s.cacheDir, persist: false });

    // The layout this version writes: a header line, one line per entry, then `]}`.
    writeCatalogCache(s.cacheDir, 'memories', body as never);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(body.entries.length + 2);
    expect(lines[0]).toMatch(/^\{"format":\d+,"tree":"[0-9a-f]+","skipped":\[.*\],"entries":\[$/);
    expect(lines.at(-1)).toBe(']}');
    // Read by the sliced reader itself (undefined would mean the synchronous fallback, same result).
    expect(await readCatalogFileAsync(s.cacheDir)).toEqual({ tree, entries: body.entries, skipped: body.skipped });
    const a = await loadCatalogAsync(s.git, tree, { dir: s.cacheDir });
    expect(a.entries).toEqual(sync().entries);

    // The older layout (one line, entries before skipped) of the same catalog.
    writeFileSync(file, JSON.stringify({ format: body.format, tree: body.tree, entries: body.entries, skipped: body.skipped }));
    expect(await readCatalogFileAsync(s.cacheDir)).toEqual({ tree, entries: body.entries, skipped: body.skipped });

    // A cut file (a crash mid-write by another tool): not trusted, rebuilt from the branch.
    writeCatalogCache(s.cacheDir, 'memories', body as never);
    writeFileSync(file, readFileSync(file, 'utf8').split('\n').slice(0, 4).join('\n') + '\n');
    expect(await readCatalogFileAsync(s.cacheDir)).toBeUndefined();
    const c = await loadCatalogAsync(s.git, tree, { dir: s.cacheDir });
    expect(c.entries.map((e) => e.memory.id).sort()).toEqual(body.entries.slice(0, 2).map((e) => e.memory.id).sort());
  }, 60_000);
  it('round-trips the written file, and rejects bytes after its closing `]}` (rebuilt from the branch, as the synchronous loader does)', async () => {
    const { s, tree, file, body } = await bigCache(3);
    writeCatalogCache(s.cacheDir, 'memories', body as never);
    const written = readFileSync(file, 'utf8');
    expect(written.endsWith(']}\n')).toBe(true);
    expect(await readCatalogFileAsync(s.cacheDir)).toEqual({ tree, entries: body.entries, skipped: body.skipped });
    // Whitespace after the document is still one JSON document (JSON.parse accepts it): kept.
    writeFileSync(file, written + '\n  \r\n');
    expect((await readCatalogFileAsync(s.cacheDir))?.entries).toHaveLength(5);
    // Anything else after `]}`: two files run together, an entry appended by hand, a second close.
    const fakeEntry = JSON.stringify({ ...body.entries[2], path: 'memories/x.md', memory: { ...body.entries[2].memory, id: 'mem_appended' } });
    for (const tail of ['garbage', `${fakeEntry}\n`, ']}\n', '\u0000']) {
      writeFileSync(file, written + tail);
      expect(await readCatalogFileAsync(s.cacheDir), JSON.stringify(tail)).toBeUndefined();
      const cat = await loadCatalogAsync(s.git, tree, { dir: s.cacheDir });
      // The branch has 2 memories; the file claimed 5 (+1): the rebuild reads the branch.
      expect(cat.entries.map((e) => e.memory.id).sort()).toEqual(body.entries.slice(0, 2).map((e) => e.memory.id).sort());
      writeFileSync(file, written + tail);
      expect(loadCatalog(s.git, tree, { dir: s.cacheDir, persist: false }).entries).toHaveLength(2);
    }
  }, 60_000);
  it('reads the file once: a file the sliced reader refuses is rebuilt from the branch, not read again synchronously', async () => {
    const { s, tree, file, body } = await bigCache(0);
    // Valid JSON (the synchronous JSON.parse takes it) that the sliced reader refuses: an entry line
    // that does not start with `{`. It claims an entry the branch does not have.
    const fake = { ...body.entries[0], path: 'memories/x.md', memory: { ...body.entries[0].memory, id: 'mem_only_in_the_file' } };
    writeFileSync(file, `{"format":${body.format},"tree":${JSON.stringify(tree)},"skipped":[],"entries":[\n${[...body.entries, fake].map((e) => ' ' + JSON.stringify(e)).join(',\n')}\n]}\n`);
    expect(await readCatalogFileAsync(s.cacheDir)).toBeUndefined();
    const cat = await loadCatalogAsync(s.git, tree, { dir: s.cacheDir });
    expect(cat.entries.map((e) => e.memory.id).sort()).toEqual(body.entries.map((e) => e.memory.id).sort());
    expect(cat.byId.has('mem_only_in_the_file')).toBe(false);
  }, 60_000);
});
