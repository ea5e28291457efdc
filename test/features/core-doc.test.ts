import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { applyOperations, coreHistory, coreRestore, coreSet, coreUpdate, coreView } from '../../src/lifecycle/core-doc.js';
import { git, makeRepo } from '../helpers.js';

async function failure(p: Promise<unknown>): Promise<{ code: string; data: Record<string, unknown> }> {
  try {
    await p;
  } catch (e) {
    return e as { code: string; data: Record<string, unknown> };
  }
  throw new Error('expected a rejection');
}

const DOC = '# User\nName: Ada\nLikes: tea\n\n# Work\nRole: engineer\nLikes: tea\n';

function fresh() {
  const repo = makeRepo();
  return { repo, store: new MemoryStore({ repo, warn: () => {} }) };
}

const commits = (repo: string) => Number(git(repo, 'rev-list', '--count', 'memory'));

describe('core document patches', () => {
  it('starts empty; the first insert_after takes an empty anchor; later ones need a unique anchor', async () => {
    const { repo, store } = fresh();
    const v0 = await coreView(store);
    expect(v0).toMatchObject({ success: true, content: '', version: null, name: 'default' });
    const w = await coreUpdate(store, { action: 'insert_after', anchor_text: '', content: '# User\nName: Ada' });
    expect(w.changed).toBe(true);
    expect(w.version).toBe(store.tip());
    expect(git(repo, 'show', 'memory:core/default.md')).toBe('# User\nName: Ada');
    const e = await failure(coreUpdate(store, { action: 'insert_after', anchor_text: '', content: 'more' }));
    expect(e.code).toBe('INVALID_INPUT');
    expect(e.data.reason).toBe('anchor_required');
    // anchor mid-line: the block goes after that line, never inside it
    await coreUpdate(store, { action: 'insert_after', anchor_text: '# Us', content: 'Pronouns: she/her' });
    expect((await coreView(store)).content).toBe('# User\nPronouns: she/her\nName: Ada');
    // anchor ending with a newline: the block starts on the next line
    await coreUpdate(store, { action: 'insert_after', anchor_text: 'she/her\n', content: 'Lang: en' });
    expect((await coreView(store)).content).toBe('# User\nPronouns: she/her\nLang: en\nName: Ada');
    expect(git(repo, 'log', '--format=%s', 'memory', '--', 'core/default.md').split('\n')).toEqual([
      'memory: core default: insert-after',
      'memory: core default: insert-after',
      'memory: core default: insert-after',
    ]);
  });

  it('edit and delete need exactly one match; zero or several write nothing and say where', async () => {
    const { repo, store } = fresh();
    await coreSet(store, { content: DOC });
    const n = commits(repo);
    const several = await failure(coreUpdate(store, { action: 'edit', old_text: 'Likes: tea', new_text: 'Likes: coffee' }));
    expect(several.code).toBe('INVALID_INPUT');
    expect(several.data).toMatchObject({ matches: 2, lines: [3, 7], field: 'old_text', reason: 'ambiguous' });
    const none = await failure(coreUpdate(store, { action: 'delete', old_text: 'Likes: cocoa' }));
    expect(none.code).toBe('INVALID_INPUT');
    expect(none.data).toMatchObject({ matches: 0, lines: [], reason: 'no_match' });
    const anchor = await failure(coreUpdate(store, { action: 'insert_after', anchor_text: 'Likes', content: 'x' }));
    expect(anchor.data).toMatchObject({ field: 'anchor_text', matches: 2 });
    expect(commits(repo)).toBe(n);
    expect((await coreView(store)).content).toBe(DOC);
    // unique: applied exactly
    await coreUpdate(store, { action: 'edit', old_text: 'Name: Ada\nLikes: tea', new_text: 'Name: Ada\nLikes: coffee' });
    await coreUpdate(store, { action: 'delete', old_text: 'Role: engineer' });
    expect((await coreView(store)).content).toBe('# User\nName: Ada\nLikes: coffee\n\n# Work\nLikes: tea\n');
    // missing fields and unknown actions
    expect((await failure(coreUpdate(store, { action: 'edit', old_text: 'Ada' } as never))).data.field).toBe('new_text');
    expect((await failure(coreUpdate(store, { action: 'edit', old_text: '', new_text: 'x' }))).code).toBe('INVALID_INPUT');
    expect((await failure(coreUpdate(store, { action: 'rewrite' } as never))).code).toBe('INVALID_INPUT');
  });

  it('a batch applies in order to one snapshot and is atomic', async () => {
    const { repo, store } = fresh();
    await coreSet(store, { content: DOC });
    const n = commits(repo);
    const bad = await failure(
      coreUpdate(store, {
        action: 'batch',
        operations: [
          { action: 'edit', old_text: 'Name: Ada', new_text: 'Name: Ada L.' },
          { action: 'delete', old_text: 'Name: Ada\n' }, // gone after op 1: no match
        ],
      }),
    );
    expect(bad.code).toBe('INVALID_INPUT');
    expect(bad.data).toMatchObject({ operation: 1, matches: 0 });
    expect(commits(repo)).toBe(n);
    expect((await coreView(store)).content).toBe(DOC);
    // later operations see earlier ones: op 2 matches only because op 1 made "Likes: tea" unique
    const ok = await coreUpdate(store, {
      action: 'batch',
      operations: [
        { action: 'edit', old_text: 'Role: engineer\nLikes: tea', new_text: 'Role: engineer\nLikes: green tea' },
        { action: 'edit', old_text: 'Likes: tea', new_text: 'Likes: black tea' },
        { action: 'insert_after', anchor_text: '# Work', content: 'Team: core' },
      ],
    });
    expect(ok.applied).toBe(3);
    expect(commits(repo)).toBe(n + 1);
    expect((await coreView(store)).content).toBe('# User\nName: Ada\nLikes: black tea\n\n# Work\nTeam: core\nRole: engineer\nLikes: green tea\n');
    expect((await failure(coreUpdate(store, { action: 'batch', operations: [] }))).code).toBe('INVALID_INPUT');
    expect(applyOperations('a b', [{ action: 'edit', old_text: 'b', new_text: 'c' }])).toBe('a c');
  });

  it('expect_version refuses when the document changed since, not when other things did', async () => {
    const { repo, store } = fresh();
    await coreSet(store, { content: DOC });
    const read = await coreView(store);
    // an unrelated write moves the branch but not the document: still accepted
    await store.store({ content: 'unrelated' });
    await coreUpdate(store, { action: 'edit', old_text: 'Name: Ada', new_text: 'Name: Ada L.', expect_version: read.version! });
    const n = commits(repo);
    // the document changed since `read`: conflict, nothing written
    const c = await failure(coreUpdate(store, { action: 'delete', old_text: 'Role: engineer', expect_version: read.version! }));
    expect(c.code).toBe('CONFLICT');
    expect(c.data.expected_version).toBe(read.version);
    expect(commits(repo)).toBe(n);
    expect((await failure(coreSet(store, { content: 'x', expect_version: read.version! }))).code).toBe('CONFLICT');
    // short ids work; an unknown version is a conflict too (re-read)
    const now = await coreView(store);
    await coreUpdate(store, { action: 'delete', old_text: 'Role: engineer\n', expect_version: now.version!.slice(0, 10) });
    expect((await failure(coreUpdate(store, { action: 'delete', old_text: 'Likes', expect_version: 'f'.repeat(40) }))).code).toBe('CONFLICT');
  });

  it('refuses an edit over the size budget instead of truncating', async () => {
    const { repo, store } = fresh();
    const max = store.config().coreMaxChars;
    await coreSet(store, { content: 'x'.repeat(max - 5) + '\nend' });
    const n = commits(repo);
    const e = await failure(coreUpdate(store, { action: 'insert_after', anchor_text: 'end', content: 'this is too long' }));
    expect(e.code).toBe('CONTENT_TOO_LARGE');
    expect(e.data).toMatchObject({ limit: max, chars: max - 1 + 17 });
    expect(commits(repo)).toBe(n);
    expect((await failure(coreSet(store, { content: 'é'.repeat(max + 1) }))).code).toBe('CONTENT_TOO_LARGE');
    // exactly at the budget is fine (characters, not bytes)
    await coreSet(store, { content: 'é'.repeat(max) });
    expect((await coreView(store)).chars).toBe(max);
  });

  it('history lists snapshots newest first; restore brings one back as a new commit', async () => {
    const { store } = fresh();
    await coreSet(store, { content: 'one' });
    await coreUpdate(store, { action: 'edit', old_text: 'one', new_text: 'two' });
    await coreUpdate(store, { action: 'edit', old_text: 'two', new_text: 'three' });
    await store.store({ content: 'not a core change' });
    const h = await coreHistory(store);
    expect(h.snapshots.map((s) => s.message)).toEqual(['memory: core default: edit', 'memory: core default: edit', 'memory: core default: set']);
    const first = h.snapshots[2].version;
    const r = await coreRestore(store, { version: first.slice(0, 8) });
    expect(r.restored_from).toBe(first);
    expect((await coreView(store)).content).toBe('one');
    expect((await coreHistory(store)).snapshots).toHaveLength(4);
    // named documents are separate files with their own history
    await coreSet(store, { content: 'project notes', name: 'project' });
    expect((await coreView(store, { name: 'project' })).content).toBe('project notes');
    expect((await coreView(store)).content).toBe('one');
    expect((await coreHistory(store, { name: 'project' })).snapshots).toHaveLength(1);
    expect((await failure(coreView(store, { name: '../x' }))).code).toBe('INVALID_INPUT');
    expect((await failure(coreRestore(store, { version: first, name: 'user' }))).code).toBe('NOT_FOUND');
    // core documents are not memories
    expect((await store.list()).total).toBe(1);
  });

  it('concurrent writers: patches on different lines all land (each recomputed on the new tip)', async () => {
    const { repo } = fresh();
    const a = new MemoryStore({ repo, warn: () => {} });
    const b = new MemoryStore({ repo, warn: () => {} });
    const lines = Array.from({ length: 8 }, (_, i) => `line ${i}: old`);
    await coreSet(a, { content: lines.join('\n') + '\n' });
    await Promise.all(lines.map((l, i) => coreUpdate(i % 2 ? a : b, { action: 'edit', old_text: l, new_text: `line ${i}: new` })));
    expect((await coreView(a)).content).toBe(lines.map((_, i) => `line ${i}: new`).join('\n') + '\n');
    expect(commits(repo)).toBe(9);
  });
});
