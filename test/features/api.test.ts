import { describe, expect, it } from 'vitest';
import { openMemory } from '../../src/index.js';
import { makeRepo } from '../helpers.js';

describe('openMemory: core, versions, trash and stats methods', () => {
  it('resolves to the documented shapes and rejects with codes', async () => {
    const memory = openMemory({ repo: makeRepo(), warn: () => {} });
    const { id } = await memory.store({ content: 'v1', tags: ['k'] });
    expect(await memory.update(id, { content: 'v2' })).toMatchObject({ success: true, id, version: 2, changed: ['content'] });
    const h = await memory.history(id);
    expect(h.versions.map((v) => v.content)).toEqual(['v2', 'v1']);
    expect((await memory.getAt(id, 1)).memory.content).toBe('v1');

    const first = await memory.coreUpdate({ action: 'insert_after', anchor_text: '', content: 'Name: Ada' });
    expect(first).toMatchObject({ success: true, name: 'default', changed: true, applied: 1 });
    const view = await memory.coreView();
    expect(view).toMatchObject({ success: true, content: 'Name: Ada', version: first.version });
    await memory.coreUpdate({ action: 'batch', operations: [{ action: 'edit', old_text: 'Ada', new_text: 'Ada L.' }], expect_version: view.version! });
    await expect(memory.coreUpdate({ action: 'delete', old_text: 'Name', expect_version: view.version! })).rejects.toMatchObject({ code: 'CONFLICT' });
    const snaps = (await memory.coreHistory()).snapshots;
    expect(snaps).toHaveLength(2);
    expect((await memory.coreRestore({ version: snaps[1].version })).restored_from).toBe(snaps[1].version);

    await memory.delete(id);
    const list = await memory.trash();
    expect(list.action === 'list' && list.items.map((i) => i.id)).toEqual([id]);
    expect(await memory.trash({ action: 'restore', id })).toMatchObject({ success: true, action: 'restore', restored: id, from: 'trash' });
    await memory.delete(id);
    expect(await memory.trash({ action: 'empty', olderThanDays: 1 })).toMatchObject({ success: true, action: 'empty', purged: [] });
    expect(await memory.trash({ action: 'empty' })).toMatchObject({ success: true, purged: [id] });
    await expect(memory.trash({ action: 'restore' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(memory.trash({ action: 'nope' as never })).rejects.toMatchObject({ code: 'INVALID_INPUT' });

    const s = await memory.stats();
    expect(s).toMatchObject({ success: true, total: 0, trash: 0, core: { chars: 9, versions: 3 } });
    memory.close();
  });
});
