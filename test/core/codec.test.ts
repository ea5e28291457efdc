import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseFile, serializeFile, FrontMatterError } from '../../src/core/codec.js';
import { memoryFromFile, memoryToFile, type StoredMemory } from '../../src/core/memory.js';
import { idFromPath, isValidId, newId, idTime, pathFor } from '../../src/core/id.js';

const tricky = [
  'plain',
  '---\nnot front matter\n---\n',
  '  leading and trailing whitespace  \n\n\n',
  '\n\nstarts with newlines',
  '中文内容：用户偏好使用 TypeScript。\n日本語のメモ\n한국어 메모',
  'emoji 🎉🚀 and ZWJ 👩‍👩‍👧',
  'windows\r\nline\r\nendings\r\n',
  'id: mem_fake\ntags: [x]\n',
  '---',
  'tab\there',
];

function mem(content: string): StoredMemory {
  return { id: 'mem_abc123', content, tags: ['a'], category: 'general', priority: 'medium', timestamp: '2026-01-01T00:00:00.000Z', metadata: { source: 'test', version: 1 }, path: 'memories/x.md', extra: {} };
}

describe('codec', () => {
  it.each(tricky)('round-trips content byte-exactly: %j', (content) => {
    const back = memoryFromFile('memories/x.md', memoryToFile(mem(content)));
    expect(back.content).toBe(content);
    expect(back.id).toBe('mem_abc123');
  });

  it('round-trips any string content (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), (s) => {
        expect(memoryFromFile('memories/x.md', memoryToFile(mem(s))).content).toBe(s);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps unknown front-matter keys', () => {
    const text = '---\nid: mem_abc123\ntitle: Hello\nnested:\n  a: 1\ntags: [x]\n---\nbody';
    const m = memoryFromFile('memories/x.md', text);
    expect(m.extra).toEqual({ title: 'Hello', nested: { a: 1 } });
    const again = parseFile(memoryToFile(m));
    expect(again.data.title).toBe('Hello');
    expect(again.data.nested).toEqual({ a: 1 });
  });

  it('never executes JavaScript front matter', () => {
    (globalThis as any).__gmPwned = false;
    const js = '---js\n{ x: (globalThis.__gmPwned = true) }\n---\nbody';
    const m = memoryFromFile('memories/js.md', js);
    expect((globalThis as any).__gmPwned).toBe(false);
    // Not YAML front matter at all: the whole file is content.
    expect(m.content).toBe(js);
    expect(() => parseFile('---\nf: !!js/function "function(){ globalThis.__gmPwned = true }"\n---\nx')).toThrow(FrontMatterError);
    expect((globalThis as any).__gmPwned).toBe(false);
  });

  it('rejects broken YAML and unclosed front matter', () => {
    expect(() => parseFile('---\ntags: [a\n---\nx')).toThrow(FrontMatterError);
    expect(() => parseFile('---\nid: x\nno end')).toThrow(FrontMatterError);
    expect(() => parseFile('---\n- a list\n---\nx')).toThrow(FrontMatterError);
  });

  it('keeps dates as the strings they were written as', () => {
    const p = parseFile('---\ntimestamp: 2026-02-25T15:00:00Z\n---\nx');
    expect(p.data.timestamp).toBe('2026-02-25T15:00:00Z');
    expect(serializeFile({ a: '2026-02-25' }, '')).toContain('2026-02-25');
  });

  it('normalises hand-written fields leniently', () => {
    const m = memoryFromFile('memories/notes/deploy.md', '---\ntags: Deploy, CI Runs\npriority: urgent\n---\nhand written');
    expect(m.tags).toEqual(['deploy', 'ci-runs']);
    expect(m.priority).toBe('medium');
    expect(m.category).toBe('general');
    expect(m.id).toBe(idFromPath('memories/notes/deploy.md'));
    expect(isValidId(m.id)).toBe(true);
  });

  it('replaces an invalid front-matter id with one derived from the path, with a warning', () => {
    const warnings: string[] = [];
    const m = memoryFromFile('memories/a.md', '---\nid: ../../etc/passwd\n---\nx', (w) => warnings.push(w));
    expect(m.id).toBe(idFromPath('memories/a.md'));
    expect(warnings.join()).toContain('memories/a.md');
  });
});

describe('ids', () => {
  it('are valid, unique and sort by creation time', () => {
    const ids = Array.from({ length: 2000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids.slice(0, 5)) expect(isValidId(id)).toBe(true);
    expect(newId(1000) < newId(2000)).toBe(true);
  });

  it('encode their time and path', () => {
    const t = Date.parse('2026-03-04T05:06:07.089Z');
    const id = newId(t);
    expect(idTime(id)).toBe(t);
    expect(pathFor(id, '')).toMatch(new RegExp(`^memories/2026-03/[0-9a-z]/${id}\\.md$`));
    expect(pathFor('mem_abc123', '2025-12-31T23:59:59Z')).toMatch(/^memories\/2025-12\/[0-9a-z]\/mem_abc123\.md$/);
  });

  it.each(['', 'mem_', '../x', 'mem_../../x', 'MEM_ABC', 'mem_ABC', 'mem_a/b', 'mem_a.md', 'x'.repeat(80)])('rejects %j', (bad) => {
    expect(isValidId(bad)).toBe(false);
  });
});
