import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers.js';
import { MemoryStore } from '../../src/store/store.js';
import { MemoryError } from '../../src/errors.js';
import { checkedTags, MAX_TAGS } from '../../src/model/bounds.js';
import { normalizeTags } from '../../src/model/memory.js';
import { safeError } from '../../src/model/error-format.js';
import { scanText } from '../../src/model/secrets.js';
import { branchBytes, expectNoSecret, otherRefs } from './boundary.js';
// @ts-expect-error: a plain .mjs module shared with bench/secrets.mjs
import { SECRETS } from './secret-corpus.mjs';
import { runs } from '../fc-runs.js';

const secrets = (SECRETS as Array<[string, string]>).map(([, s]) => s);
// Strings a hostile caller may send: plain text, a credential (or one cut into), very long, odd bytes.
const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(...secrets),
  fc.constantFrom(...secrets).map((s) => `  ${s}  `),
  fc.constantFrom(...secrets).map((s) => `note: ${s}`),
  fc.string({ minLength: 300, maxLength: 3000 }),
  fc.constantFrom('', ' ', '-', '--', '\u0000', '\uFFFD', '\uD800', '*a', '&a', '---', '__proto__', 'constructor'),
);
const MASKED = new Set(['SECRET_DETECTED']);

describe('library boundary (property): store/update with hostile fields', () => {
  it('ends in success or a coded error; no credential reaches the branch; no other ref moves', async () => {
    const repo = makeRepo({ commit: true });
    const refs = otherRefs(repo);
    const store = new MemoryStore({ repo, warn: () => {}, config: { dedupe: false } });
    const seed = await store.store({ content: 'seed memory' });
    const seen: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            content: hostile,
            tags: fc.oneof(fc.array(hostile, { maxLength: 6 }), hostile),
            category: hostile,
            scope: hostile,
            upsertKey: hostile,
            metadata: fc.dictionary(fc.string({ maxLength: 12 }), fc.oneof(hostile, fc.integer(), fc.array(hostile, { maxLength: 3 })), { maxKeys: 4 }),
            redact: fc.boolean(),
            update: fc.boolean(),
          },
          { requiredKeys: ['content', 'redact', 'update'] },
        ),
        async (input) => {
          for (const v of Object.values(input)) if (typeof v === 'string') seen.push(v);
          try {
            if (input.update) await store.update(seed.id, { content: input.content, tags: input.tags as string[], category: input.category, metadata: input.metadata, redact: input.redact });
            else await store.store(input as never);
          } catch (err) {
            expect(err).toBeInstanceOf(MemoryError);
            const me = err as MemoryError;
            expect(me.code).not.toBe('INTERNAL');
            // What a surface prints never holds a credential.
            const shown = JSON.stringify(safeError(me).toJSON());
            expect(scanText(shown), shown.slice(0, 200)).toEqual([]);
            if (MASKED.has(me.code)) for (const s of secrets) expect(me.message).not.toContain(s);
          }
        },
      ),
      { numRuns: runs(60), seed: 1414 },
    );
    const onBranch = branchBytes(repo);
    expect(scanText(onBranch)).toEqual([]);
    // The credential spans themselves (not the prose around them), in any case.
    for (const s of secrets) for (const f of scanText(s)) expectNoSecret(s.slice(f.offset, f.offset + Math.min(f.length, 40)), onBranch);
    expect(otherRefs(repo)).toBe(refs);
  }, 240_000);
});

describe('tag and metadata caps', () => {
  it('100,000 tags are refused at once (linear, no quadratic normalisation)', async () => {
    const repo = makeRepo();
    const store = new MemoryStore({ repo, warn: () => {} });
    const tags = Array.from({ length: 100_000 }, (_, i) => `tag${i}`);
    // Linear, not quadratic: bench/test-bounds.mjs measures 100,000 against 10,000 tags (a ratio).
    await expect(store.store({ content: 'x', tags })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    // Normalising them (reading a file written by someone else) is linear too (same script).
    expect(normalizeTags(tags)).toHaveLength(100_000);
    expect(checkedTags(Array.from({ length: MAX_TAGS }, (_, i) => `t${i}`))).toHaveLength(MAX_TAGS);
    expect(() => checkedTags(Array.from({ length: MAX_TAGS + 1 }, (_, i) => `t${i}`))).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(() => checkedTags(['x'.repeat(101)])).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });

  it('metadata over the caps (keys, depth, size, non-JSON) is INVALID_INPUT, nothing written', async () => {
    const repo = makeRepo();
    const store = new MemoryStore({ repo, warn: () => {} });
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, i]));
    let deep: Record<string, unknown> = { v: 1 };
    for (let i = 0; i < 10; i++) deep = { d: deep };
    for (const metadata of [many, deep, { big: 'x'.repeat(20_000) }, { n: Infinity }, { f: (() => 1) as unknown }]) {
      await expect(store.store({ content: 'x', metadata: metadata as Record<string, unknown> })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    }
    expect(store.tip()).toBeNull();
  });

  it('timestamps outside 1970..2999 are refused; the edges are kept', async () => {
    const repo = makeRepo();
    const store = new MemoryStore({ repo, warn: () => {} });
    for (const timestamp of ['-000001-01-01T00:00:00Z', '1969-12-31T23:59:59Z', '3000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z']) {
      await expect(store.store({ content: `x ${timestamp}`, timestamp })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    }
    const late = await store.store({ content: 'late', timestamp: '2999-12-31T23:59:59Z' });
    expect((await store.get(late.id)).memory.timestamp).toBe('2999-12-31T23:59:59.000Z');
    expect(late.id).toMatch(/^mem_[a-z0-9]{17}$/);
  });
});
