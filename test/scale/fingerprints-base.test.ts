import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { importMemories } from '../../src/lifecycle/import-export.js';
import { LOG_LIMIT, loadFingerprints } from '../../src/guards/fingerprints.js';
import { makeRepo } from '../helpers.js';

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
