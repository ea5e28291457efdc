import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { fileRecords } from '../../src/lifecycle/import-records.js';
import { importMemories } from '../../src/lifecycle/importer.js';
import { git, makeRepo, tempDir } from '../helpers.js';

describe('import streams its input', () => {
  it('reads a file in slices: characters split across a slice boundary, line numbers and errors survive', () => {
    const dir = tempDir();
    const file = join(dir, 'in.jsonl');
    // Lines of multi-byte text totalling more than one 4 MiB slice, an invalid line in the middle.
    const lines: string[] = [];
    for (let i = 0; i < 3000; i++) lines.push(JSON.stringify({ content: `${i} ${'日本語テキスト🙂'.repeat(100)}` }));
    lines.splice(1500, 0, '{not json');
    writeFileSync(file, lines.join('\n') + '\n\n');
    const items = [...fileRecords(file)];
    expect(items).toHaveLength(3001);
    expect(items[1500]).toMatchObject({ line: 1501, error: { code: 'INVALID_INPUT' } });
    expect(items[2999].line).toBe(3000);
    for (const it of items) if (it.record) expect((it.record.content as string).endsWith('🙂'.repeat(1))).toBe(true);
    expect(items.filter((it) => it.record && !(it.record.content as string).includes('\ufffd'))).toHaveLength(3000);
    // Re-iterable: strict mode reads it twice.
    expect([...fileRecords(file)]).toHaveLength(3001);
  });

  it('checks UTF-8 across slice boundaries: a bad byte past the first slice, a cut last character', () => {
    const dir = tempDir();
    const line = (i: number) => JSON.stringify({ content: `${i} ${'日本語🙂é'.repeat(200)}` });
    const body = Array.from({ length: 2000 }, (_, i) => line(i)).join('\n');
    const ok = join(dir, 'ok.jsonl');
    // Ends with a multi-byte character and no newline: valid.
    writeFileSync(ok, body + '\n' + JSON.stringify({ content: 'last' }).slice(0, -2) + 'é"}');
    expect([...fileRecords(ok)].filter((it) => it.record)).toHaveLength(2001);
    const bad = join(dir, 'bad.jsonl');
    const bytes = Buffer.from(body + '\n', 'utf8');
    expect(bytes.length).toBeGreaterThan(5 << 20);
    bytes[(5 << 20) + 3] = 0xff; // invalid anywhere in UTF-8, past the first 4 MiB slice
    writeFileSync(bad, bytes);
    expect(() => [...fileRecords(bad)]).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    const cut = join(dir, 'cut.jsonl');
    writeFileSync(cut, Buffer.concat([Buffer.from(body, 'utf8'), Buffer.from('日本', 'utf8').subarray(0, 4)]));
    expect(() => [...fileRecords(cut)]).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });

  it('imports batch by batch, de-duplicating across batches and against the branch', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    await s.store({ content: 'already there' });
    const records = Array.from({ length: 250 }, (_, i) => ({ content: i % 50 === 49 ? 'already there' : `record ${i % 120}` }));
    const r = await importMemories(s, { records, batchSize: 100 });
    expect(r.imported).toBe(120); // the distinct texts record 0-119; "already there" and repeats are duplicates
    expect(r.imported + r.duplicates).toBe(250);
    expect(r.commits).toHaveLength(3);
    expect(Number(git(repo, 'rev-list', '--count', 'memory'))).toBe(4);
    // The de-duplication index was moved along: a later store finds imported text without rereading.
    const t = new MemoryStore({ repo, warn: () => {} });
    expect((await t.store({ content: 'record 7' })).duplicate).toBe(true);
    expect((await t.list({ limit: 1000 })).total).toBe(121);
  });
});
