import { describe, expect, it } from 'vitest';
import { FingerprintIndex, contentHash, keyOf } from '../../src/guards/fingerprints.js';

describe('FingerprintIndex (text-backed)', () => {
  it('adds, finds by hash and key, removes, and applies many changes', () => {
    const idx = new FingerprintIndex(null);
    const h = (s: string) => contentHash(s);
    idx.add({ path: 'memories/a/x.md', id: 'mem_x', hash: h('x') });
    idx.add({ path: 'memories/a/y.md', id: 'mem_y', hash: h('y'), key: keyOf('deploy: "window"\tk', 'p2p:ou 1') });
    idx.add({ path: 'memories/b/mem_x.md', id: 'mem_z', hash: h('z') });
    expect(idx.byHash(h('x'))).toEqual({ path: 'memories/a/x.md', id: 'mem_x', hash: h('x') });
    expect(idx.byKey(keyOf('deploy: "window"\tk', 'p2p:ou 1'))).toMatchObject({ id: 'mem_y', path: 'memories/a/y.md' });
    expect(idx.byKey(keyOf('deploy: "window"\tk'))).toBeUndefined(); // another scope
    expect(idx.byHash(h('nope'))).toBeUndefined();
    // A path that ends like another path must not be confused with it.
    expect(idx.remove('a/x.md')).toBe(false);
    expect(idx.remove('memories/a/x.md')).toBe(true);
    expect(idx.byHash(h('x'))).toBeUndefined();
    expect(idx.byHash(h('z'))?.id).toBe('mem_z');
    // Re-adding a path replaces its line.
    idx.add({ path: 'memories/a/y.md', id: 'mem_y', hash: h('y2') });
    expect(idx.byHash(h('y'))).toBeUndefined();
    expect(idx.byKey(keyOf('deploy: "window"\tk', 'p2p:ou 1'))).toBeUndefined();
    idx.applyMany([
      { path: 'memories/b/mem_x.md', f: null },
      { path: 'memories/c/w.md', f: { path: 'memories/c/w.md', id: 'mem_w', hash: h('w'), key: keyOf('k') } },
      { path: 'with\ttab.md', f: { path: 'with\ttab.md', id: 'mem_t', hash: h('t') } },
    ]);
    expect([...idx.entries()].map((f) => f.id).sort()).toEqual(['mem_w', 'mem_y']);
    expect(idx.byKey(keyOf('k'))?.id).toBe('mem_w');
    const copy = new FingerprintIndex('t', idx.text());
    expect([...copy.entries()]).toEqual([...idx.entries()]);
  });
});
