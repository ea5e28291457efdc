import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { importMemories } from '../../src/lifecycle/importer.js';
import { LOG_LIMIT, loadFingerprints } from '../../src/guards/fingerprints.js';
import { commitFiles, makeRepo } from '../helpers.js';

describe('de-duplication index: a binary base plus a small log', () => {
  it('finds duplicates and upsert keys in the base and in the log, honours removals, and keeps the log small', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    const n = LOG_LIMIT + 500;
    const records = Array.from({ length: n }, (_, i) => ({ content: `base memory ${i}`, scope: i % 3 ? undefined : 'team', upsert_key: i % 1000 === 5 ? `key-${i}` : undefined }));
    expect((await importMemories(s, { records })).imported).toBe(n);
    const base = join(s.cacheDir, 'fingerprints-v2.base');
    const log = join(s.cacheDir, 'fingerprints-v2.txt');
    // More changes than the log holds: merged into a base; the log is just its header.
    expect(statSync(base).size).toBeGreaterThan(n * 40);
    expect(readFileSync(log, 'utf8').split('\n').filter(Boolean)).toHaveLength(1);

    const t = new MemoryStore({ repo, warn: () => {} });
    const dup = await t.store({ content: 'base  memory 10' });
    expect(dup.duplicate).toBe(true);
    expect((await t.get(dup.id)).memory.content).toBe('base memory 10');
    expect((await t.store({ content: 'base memory 3', scope: 'team' })).duplicate).toBe(true);
    expect((await t.store({ content: 'base memory 3' })).duplicate).toBeUndefined(); // another scope
    const up = await t.store({ content: 'replaced by key', upsertKey: 'key-2005' });
    expect(up.upserted).toBe(true);
    // The upserted memory changed: its old content is no longer a duplicate, its new one is.
    expect((await t.store({ content: 'base memory 2005' })).duplicate).toBeUndefined();
    expect((await t.store({ content: 'replaced by key' })).id).toBe(up.id);
    // A deleted memory leaves the index (a tombstone shadows its base row).
    const gone = (await t.store({ content: 'base memory 20' })).id;
    await t.delete(gone);
    expect((await t.store({ content: 'base memory 20' })).duplicate).toBeUndefined();
    // New memories are found from the log, by a fresh process too.
    const fresh = await t.store({ content: 'a new one' });
    const u = new MemoryStore({ repo, warn: () => {} });
    expect((await u.store({ content: 'a  new one' })).id).toBe(fresh.id);
    const lines = readFileSync(log, 'utf8').split('\n').filter(Boolean).length;
    expect(lines).toBeGreaterThan(1);
    expect(lines).toBeLessThan(20);

    // Everything the index holds equals a rebuild from the branch.
    const tree = u.treeOf(u.tip());
    const incremental = [...loadFingerprints(u.git, tree, u.cacheDir).entries()].map((f) => `${f.path} ${f.hash} ${f.key ?? ''}`).sort();
    rmSync(base);
    rmSync(log);
    const again = new MemoryStore({ repo, warn: () => {} });
    const rebuilt = [...loadFingerprints(again.git, tree, again.cacheDir).entries()].map((f) => `${f.path} ${f.hash} ${f.key ?? ''}`).sort();
    expect(incremental).toEqual(rebuilt);
    expect(rebuilt.length).toBe(n + 3); // + 'base memory 3' unscoped, 'base memory 2005' again, 'a new one'; 20 deleted and stored again
  }, 120_000);

  it('a base record leaves out the id when it is the file name, and reads every id back, a file named otherwise included', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    const records = Array.from({ length: LOG_LIMIT + 10 }, (_, i) => ({ content: `memory ${i}`, upsert_key: i % 100 === 3 ? `key ${i}` : undefined }));
    const r = await importMemories(s, { records });
    // A hand-made file whose name is not its id, and one with an id no memory file name could hold.
    commitFiles(repo, [{ files: { 'memories/2025-01/x/renamed.md': '---\nid: mem_handmade0000000001\ntags: []\n---\nrenamed by hand\n', 'memories/2025-01/y/mem_other.md': '---\nid: mem_notthename\n---\nanother name\n' } }], 'memory');
    const base = join(s.cacheDir, 'fingerprints-v2.base');
    rmSync(base, { force: true });
    rmSync(join(s.cacheDir, 'fingerprints-v2.txt'), { force: true });
    const t = new MemoryStore({ repo, warn: () => {} });
    const tree = t.treeOf(t.tip());
    const entries = [...loadFingerprints(t.git, tree, t.cacheDir).entries()];
    expect(entries).toHaveLength(LOG_LIMIT + 12);
    const bytes = readFileSync(base);
    // No imported memory's id is stored beside its path (its file is <id>.md).
    expect(r.ids.filter((id) => bytes.includes(`\t${id}\t`))).toEqual([]);
    // Every id reads back: the file's own name, or the one written for a file named otherwise.
    const byPath = new Map(entries.map((f) => [f.path, f]));
    expect(byPath.get('memories/2025-01/x/renamed.md')?.id).toBe('mem_handmade0000000001');
    expect(byPath.get('memories/2025-01/y/mem_other.md')?.id).toBe('mem_notthename');
    for (const id of r.ids.slice(0, 50)) expect(entries.find((f) => f.path.endsWith(`/${id}.md`))?.id).toBe(id);
    expect(entries.filter((f) => f.key)).toHaveLength(records.filter((x) => x.upsert_key).length);
    // What de-duplication answers from it: a duplicate of the hand-made file is found with its id.
    const dup = await t.store({ content: 'renamed  by hand' });
    expect(dup).toMatchObject({ duplicate: true, id: 'mem_handmade0000000001' });
  }, 120_000);

  it('a base of the earlier layout (every id written) is read as it is, not rebuilt', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    await importMemories(s, { records: Array.from({ length: LOG_LIMIT + 10 }, (_, i) => ({ content: `memory ${i}` })) });
    const base = join(s.cacheDir, 'fingerprints-v2.base');
    // The same base in layout 2: header word 2, each record `hash<TAB>id<TAB>key<TAB>path`. Record 0
    // names an id no file holds, so an answer from a rebuild (the file's own id) tells itself apart.
    const b = readFileSync(base);
    const n = b.readUInt32LE(8);
    const k = b.readUInt32LE(12);
    const offAt = 72 + (n + k) * 16;
    const blobAt = offAt + (n + 1) * 4;
    const lines: Buffer[] = [];
    let marked = '';
    for (let i = 0; i < n; i++) {
      const [hash, given, key, ...rest] = b.toString('utf8', blobAt + b.readUInt32LE(offAt + i * 4), blobAt + b.readUInt32LE(offAt + i * 4 + 4)).split('\t');
      const path = rest.join('\t');
      let id = given ? given.slice(1) : path.slice(path.lastIndexOf('/') + 1, -3);
      if (i === 0) (id = 'mem_fromtheoldbase'), (marked = path);
      lines.push(Buffer.from(`${hash}\t${id}\t${key}\t${path}`, 'utf8'));
    }
    const offs = Buffer.alloc((n + 1) * 4);
    let at = 0;
    lines.forEach((l, i) => (offs.writeUInt32LE(at, i * 4), (at += l.length)));
    offs.writeUInt32LE(at, n * 4);
    const old = Buffer.concat([b.subarray(0, offAt), offs, ...lines]);
    old.writeUInt32LE(2, 4);
    writeFileSync(base, old);
    const t = new MemoryStore({ repo, warn: () => {} });
    const entries = [...loadFingerprints(t.git, t.treeOf(t.tip()), t.cacheDir).entries()];
    expect(entries).toHaveLength(n);
    expect(entries.find((f) => f.path === marked)?.id).toBe('mem_fromtheoldbase');
    expect(readFileSync(base).readUInt32LE(4)).toBe(2);
    expect((await t.store({ content: 'memory 77' })).duplicate).toBe(true);
  }, 120_000);

  it('ignores a damaged base and rebuilds', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    const records = Array.from({ length: LOG_LIMIT + 10 }, (_, i) => ({ content: `memory ${i}` }));
    await importMemories(s, { records });
    const base = join(s.cacheDir, 'fingerprints-v2.base');
    const bytes = readFileSync(base);
    // Truncated: the length check fails, the index is rebuilt from the branch.
    writeFileSync(base, bytes.subarray(0, bytes.length - 7));
    const t = new MemoryStore({ repo, warn: () => {} });
    expect((await t.store({ content: 'memory 77' })).duplicate).toBe(true);
    expect((await t.store({ content: 'memory x' })).duplicate).toBeUndefined();
  }, 120_000);
});
