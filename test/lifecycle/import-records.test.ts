// Reading import input on its own inputs, no repository: the line (or file name) and code each broken
// item carries, the same items from text and from a file read in slices, the bounds a file is checked
// against before anything is yielded, and one record turned into a memory with the checks it gets.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileRecords, parseRecords, readPiDirectory, recordToMemory, type RecordSettings } from '../../src/lifecycle/import-records.js';
import { UNDATED } from '../../src/model/memory.js';
import { tempDir } from '../helpers.js';

const settings: RecordSettings = { maxContentBytes: 1000, secretGuard: 'block', defaultCategory: 'general', defaultPriority: 'medium' };
const clock = { now: () => new Date('2024-05-01T12:00:00.000Z') };
const codeOf = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (err) {
    return (err as { code?: string }).code;
  }
  return undefined;
};

describe('parseRecords', () => {
  it('numbers JSONL lines from 1, skips blank ones and reports a broken line with its number and INVALID_INPUT', () => {
    const items = parseRecords('\uFEFF{"content":"a"}\n\n{broken\n   \n{"content":"b"}\r\n');
    expect(items).toEqual([
      { line: 1, record: { content: 'a' } },
      { line: 3, error: { line: 3, code: 'INVALID_INPUT', message: expect.stringMatching(/^not valid JSON: /) } },
      { line: 5, record: { content: 'b' } },
    ]);
  });

  it('reads a JSON array or an export document as records numbered by position; a broken document is read as lines', () => {
    expect(parseRecords('[{"content":"a"},{"content":"b"}]')).toEqual([
      { line: 1, record: { content: 'a' } },
      { line: 2, record: { content: 'b' } },
    ]);
    expect(parseRecords('{ "success": true, "memories": [{"content":"c"}] }')).toEqual([{ line: 1, record: { content: 'c' } }]);
    // One object per line is JSONL, not a document.
    expect(parseRecords('{"content":"x"}\n{"content":"y"}').map((i) => i.line)).toEqual([1, 2]);
    const broken = parseRecords('[{"content":"a"},\n{"content":"b"}');
    expect(broken).toEqual([
      { line: 1, error: { line: 1, code: 'INVALID_INPUT', message: expect.any(String) } },
      { line: 2, record: { content: 'b' } },
    ]);
  });
});

describe('fileRecords', () => {
  const saved = process.env.MEMORY_MAX_IMPORT_BYTES;
  afterEach(() => {
    if (saved === undefined) delete process.env.MEMORY_MAX_IMPORT_BYTES;
    else process.env.MEMORY_MAX_IMPORT_BYTES = saved;
  });

  it('gives the same items as parseRecords for the same text, across 64 KiB slices, and reads again', () => {
    const lines: string[] = [];
    // ~1,500 bytes a line, multi-byte characters, broken and blank lines at known places: several slices.
    for (let i = 0; i < 300; i++) lines.push(i % 97 === 13 ? '{"content": oops' : i % 50 === 7 ? '' : JSON.stringify({ content: `${i} ${'é🙂x'.repeat(300)}` }));
    const text = lines.join('\n') + '\n';
    expect(Buffer.byteLength(text)).toBeGreaterThan(4 * 65536);
    const file = join(tempDir(), 'in.jsonl');
    writeFileSync(file, text);
    const fromFile = [...fileRecords(file)];
    expect(fromFile).toEqual(parseRecords(text));
    expect(fromFile.filter((i) => i.error).map((i) => i.line)).toEqual([14, 111, 208]);
    expect([...fileRecords(file)]).toEqual(fromFile);
  });

  it('reports the bytes read against the file size', () => {
    const file = join(tempDir(), 'in.jsonl');
    writeFileSync(file, Array.from({ length: 200 }, (_, i) => JSON.stringify({ content: `${i} ${'z'.repeat(1000)}` })).join('\n'));
    const seen: Array<[number, number]> = [];
    [...fileRecords(file, (read, size) => seen.push([read, size]))];
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toEqual([seen[0][1], seen[0][1]]);
    for (const [read, size] of seen) expect(read).toBeLessThanOrEqual(size);
  });

  it('checks the whole file before the first item: size cap, line cap, NUL byte, UTF-8, a missing file', () => {
    const dir = tempDir();
    const first = (file: string) => () => fileRecords(file)[Symbol.iterator]().next();

    const big = join(dir, 'big.jsonl');
    // Over the cap past the first 64 KiB slice: refused before the slice's records are yielded.
    writeFileSync(big, `${JSON.stringify({ content: 'ok' })}\n`.repeat(12_000));
    process.env.MEMORY_MAX_IMPORT_BYTES = '100000';
    expect(first(big)).toThrow(expect.objectContaining({ code: 'CONTENT_TOO_LARGE', data: expect.objectContaining({ limit: 100_000 }) }));
    delete process.env.MEMORY_MAX_IMPORT_BYTES;
    expect(first(big)).not.toThrow();

    const long = join(dir, 'long.jsonl');
    // The line cap is checked per 4 MiB read: a line that fills a whole read without a newline.
    writeFileSync(long, `{"content":"${'a'.repeat(4 * 1024 * 1024 + 8)}"}\n{"content":"ok"}\n`);
    expect(first(long)).toThrow(expect.objectContaining({ code: 'CONTENT_TOO_LARGE', data: expect.objectContaining({ limit: 4 * 1024 * 1024, what: 'a line of long.jsonl' }) }));

    const nul = join(dir, 'nul.jsonl');
    writeFileSync(nul, Buffer.concat([Buffer.from('{"content":"ok"}\n{"content":"a'), Buffer.from([0]), Buffer.from('"}\n')]));
    expect(first(nul)).toThrow(expect.objectContaining({ code: 'BINARY_CONTENT', data: { offset: 30 } }));

    const latin = join(dir, 'latin.jsonl');
    writeFileSync(latin, Buffer.concat([Buffer.from('{"content":"ok"}\n{"content":"caf'), Buffer.from([0xe9]), Buffer.from('"}\n')]));
    expect(first(latin)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', message: expect.stringContaining('not valid UTF-8') }));

    expect(first(join(dir, 'absent.jsonl'))).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', message: expect.stringContaining('cannot read') }));
  });
});

describe('readPiDirectory', () => {
  it('names each item by its file, takes tags and categories from index.json, and finds memories/ under a parent', () => {
    const root = tempDir();
    const dir = join(root, 'memories');
    mkdirSync(dir);
    writeFileSync(join(dir, 'mem_a.json'), JSON.stringify({ content: 'alpha' }));
    writeFileSync(join(dir, 'mem_b.json'), '{"content": ');
    writeFileSync(join(dir, 'mem_c.json'), JSON.stringify({ id: 'mem_c', content: 'gamma', tags: ['own'], metadata: { k: 1 } }));
    writeFileSync(join(dir, 'notes.txt'), 'not a memory');
    writeFileSync(join(dir, 'index.json'), JSON.stringify({ tags: { x: ['mem_a', 'mem_c'], y: ['mem_a'] }, categories: { work: ['mem_a'] } }));
    const items = readPiDirectory(root);
    expect(items.map((i) => i.line)).toEqual(['mem_a.json', 'mem_b.json', 'mem_c.json']);
    expect(items[0].record).toEqual({ id: 'mem_a', content: 'alpha', tags: ['x', 'y'], category: 'work', metadata: { imported_from: 'pi' } });
    expect(items[1].error).toEqual({ line: 'mem_b.json', code: 'INVALID_INPUT', message: expect.stringMatching(/^not valid JSON: /) });
    expect(items[2].record).toEqual({ id: 'mem_c', content: 'gamma', tags: ['own'], metadata: { k: 1, imported_from: 'pi' } });
    expect(readPiDirectory(dir)).toEqual(items);
    expect(codeOf(() => readPiDirectory(join(dir, 'mem_a.json')))).toBe('INVALID_INPUT');
  });
});

describe('recordToMemory', () => {
  it('fills what a record leaves out and keeps what it gives', () => {
    const m = recordToMemory(clock, { content: 'plain', color: 'red' }, settings);
    expect(m).toMatchObject({ content: 'plain', category: 'general', priority: 'medium', timestamp: '2024-05-01T12:00:00.000Z', extra: { color: 'red' } });
    expect(m.path).toMatch(/^memories\/2024-05\/.+\.md$/);
    const undated = recordToMemory(clock, { content: 'old', timestamp: UNDATED }, settings);
    expect(undated.timestamp).toBe(UNDATED);
    const odd = recordToMemory(clock, { id: 'MEM-Abc_1', content: 'x', archived: true, timestamp: '2020-01-02T00:00:00Z' }, settings);
    expect(odd.id).toBe('mem_abc1');
    expect(odd.metadata.original_id).toBe('MEM-Abc_1');
    expect(odd.path).toMatch(/^archive\/2020-01\/.+\/mem_abc1\.md$/);
  });

  it('refuses a bad record with the code `memory store` gives', () => {
    const cases: Array<[Record<string, unknown> | undefined, string]> = [
      [undefined, 'INVALID_INPUT'],
      [{ content: 'x', priority: 'urgent' }, 'INVALID_INPUT'],
      [{ content: 'x', tags: 7 }, 'INVALID_INPUT'],
      [{ content: 'x', metadata: [1] }, 'INVALID_INPUT'],
      [{ content: 'x', timestamp: '3000-01-01T00:00:00Z' }, 'INVALID_INPUT'],
      [{ content: 'x', expires: 'next tuesday' }, 'INVALID_INPUT'],
      [{ content: 'y'.repeat(1001) }, 'CONTENT_TOO_LARGE'],
      [{ content: 'a\0b' }, 'BINARY_CONTENT'],
      [{ content: '   ' }, 'EMPTY_CONTENT'],
    ];
    expect(cases.map(([rec]) => codeOf(() => recordToMemory(clock, rec, settings)))).toEqual(cases.map(([, code]) => code));
  });
});
