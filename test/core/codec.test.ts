import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import yaml from 'js-yaml';
import { dumpPlainFrontMatter, parseFile, parsePlainFrontMatter, serializeFile, FrontMatterError } from '../../src/model/codec.js';
import { memoryFromFile, memoryToFile, type StoredMemory } from '../../src/model/memory.js';
import { idFromPath, isValidId, newId, idTime, pathFor } from '../../src/model/id.js';
import { runs } from '../fc-runs.js';

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
      { numRuns: runs(300) },
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

  it('reads a timestamp that is no calendar date (2026-02-30) as missing, with a warning, instead of rolling it into March', () => {
    const id = newId(Date.UTC(2026, 0, 15, 12));
    for (const bad of ['2026-02-30', '2026-02-30T10:00:00Z', '2025-02-29', '2026-04-31', 'someday']) {
      const warnings: string[] = [];
      const m = memoryFromFile('memories/a.md', `---\nid: ${id}\ntimestamp: ${bad}\nupdated: ${bad}\n---\nx`, (w) => warnings.push(w));
      expect(m.timestamp, bad).toBe(new Date(Date.UTC(2026, 0, 15, 12)).toISOString());
      expect(m.updated, bad).toBeUndefined();
      expect(warnings.length, bad).toBe(2);
    }
    // Real dates, a leap day among them, read as written and without a warning.
    const warnings: string[] = [];
    expect(memoryFromFile('memories/a.md', `---\nid: ${id}\ntimestamp: 2024-02-29\n---\nx`, (w) => warnings.push(w)).timestamp).toBe('2024-02-29T00:00:00.000Z');
    expect(memoryFromFile('memories/a.md', `---\nid: ${id}\ntimestamp: 2026-01-31T23:59:59+02:00\n---\nx`, (w) => warnings.push(w)).timestamp).toBe('2026-01-31T21:59:59.000Z');
    expect(warnings).toEqual([]);
  });
});

describe('front-matter fast path', () => {
  /** What js-yaml makes of the text (the reference), or 'error'. */
  const reference = (text: string): unknown => {
    try {
      return yaml.load(text, { schema: yaml.CORE_SCHEMA, json: true });
    } catch {
      return 'error';
    }
  };
  /**
   * A value written out with everything that tells two parse results apart: types, -0, NaN, key order,
   * prototypes, own keys such as "constructor" (which vitest's deep equality reads as the class).
   */
  const canon = (v: unknown): string => {
    if (v === null || typeof v !== 'object') return typeof v === 'number' ? (Object.is(v, -0) ? 'number:-0' : `number:${v}`) : `${typeof v}:${JSON.stringify(v)}`;
    if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
    if (Object.getPrototypeOf(v) !== Object.prototype) return 'object with another prototype';
    return `{${Object.keys(v).map((k) => `${JSON.stringify(k)}=${canon((v as Record<string, unknown>)[k])}`).join(',')}}`;
  };
  /** The fast path either declines or agrees with js-yaml exactly. */
  const agrees = (text: string): boolean => {
    const fast = parsePlainFrontMatter(text);
    if (fast === undefined) return false;
    const ref = reference(text);
    expect(ref, JSON.stringify(text)).not.toBe('error');
    expect(canon(fast), JSON.stringify(text)).toBe(canon(ref ?? {}));
    return true;
  };

  // Near the edges of the subset: YAML's special scalars, numbers in every notation, indicators, quotes.
  const scalars = [
    'plain', 'two words', 'a  b', 'x:y', 'a: b', 'a:', 'a #c', 'a#c', '#c', '-x', '- x', '-', '--', '?x', '? x', ':x', ',x', 'a,b', 'Deploy, CI Runs',
    '[]', '{}', '[a]', '{a: 1}', '[ ]', '|', '>', '|-', '&a', '*a', '!a', '!!str x', '%x', '@x', '`x`', '/path/to', 'https://h.example/p?q=1&r=2', 'a=b', 'a~b',
    'null', 'Null', 'NULL', 'nULL', '~', 'true', 'True', 'TRUE', 'tRUE', 'false', 'False', 'FALSE', 'yes', 'no', 'on', 'off', 'y', 'n',
    '0', '-0', '+0', '00', '01', '0123', '1', '-1', '+1', '12', '1_000', '1_', '_1', '0x1F', '0o17', '0b101', '0x', '123456789012345', '1234567890123456', '99999999999999999999',
    '1.5', '-1.5', '+1.5', '0.0', '-0.0', '1.', '.5', '-.5', '1e3', '1.5e3', '1E3', '1.5_0', '.inf', '-.inf', '+.Inf', '.nan', '.NaN', '.NAN', '1.2.3', '1,5', '1:20', '190:20:30', '_:_', '__:__', '_:1',
    '2026-01-01', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00.123Z', '2026-01-01T00:00:00+01:00', '2026-01-01 00:00:00', '2026-1-1', '20260101',
    '"x"', '"a b"', '"true"', '"123"', '"a: b"', '"a # b"', '"a\\nb"', '"a\\"b"', '""', "'x'", "'a b'", "''", "'it''s'", '"it\'s"', '"unclosed', "'unclosed", '"a"b', "'a'b",
    'é', 'naïve', '中文', 'a\u00a0b', 'trailing ', ' leading', 'mem_0k2x9d1ab7q4ce3m', 'v1.2.3', 'c++', 'a/b', 'A_B-c.d',
  ];
  const keys = ['id', 'tags', 'metadata', 'a-b', '_x', 'x1', 'constructor', 'toString', '__proto__', 'null', 'True', 'true', 'false', '1a', 'a b', 'a.b', '-a', '~', 'ü', '<<', 'k'];
  // Short strings over YAML's significant characters, digits and the letters of 0x, 0o, 0b, 1e3, .inf.
  const dense = (maxLength: number) => fc.string({ unit: fc.constantFrom(...'a01 :#-._"\'eEbxoinf+[{,~\\|>!&*%@`?'.split('')), maxLength });
  const scalar = fc.oneof(fc.constantFrom(...scalars), fc.stringMatching(/^[ -~]{0,12}$/), dense(8));
  const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, fc.stringMatching(/^[ -~]{1,6}$/), dense(5));
  const line = fc.oneof(
    fc.tuple(key, scalar).map(([k, v]) => `${k}: ${v}`),
    fc.tuple(key, fc.array(scalar, { minLength: 1, maxLength: 3 })).map(([k, vs]) => `${k}:\n${vs.map((v) => `  - ${v}`).join('\n')}`),
    fc.tuple(key, fc.array(fc.tuple(key, scalar), { minLength: 1, maxLength: 3 })).map(([k, es]) => `${k}:\n${es.map(([ek, v]) => `  ${ek}: ${v}`).join('\n')}`),
    fc.constantFrom('k:', 'k: ', 'k:  v', 'k:v', '  - x', '    - x', '- x', '', ' ', '#c', '---', '...', 'k: v # c', 'k:\n- x', 'k:\n   - x', 'k:\n  a:\n    b: 1', 'k: v\r', 'k:\tv', 'k: [a, b]', 'k: {a: 1}', 'k: &a v', 'k: *a'),
  );
  const doc = fc.array(line, { maxLength: 6 }).map((ls) => ls.map((l) => l + '\n').join(''));

  it('agrees with js-yaml (CORE schema) whenever it accepts (property)', () => {
    let accepted = 0;
    fc.assert(
      fc.property(doc, (text) => {
        if (agrees(text)) accepted++;
      }),
      { numRuns: runs(20000) },
    );
    expect(accepted).toBeGreaterThan(runs(20000) / 20); // the property is not vacuous (1,000 of the full 20,000)
  });

  it('agrees with js-yaml on what js-yaml itself dumps (property)', () => {
    const value = fc.oneof(scalar, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.constantFrom(...keys), fc.oneof(scalar, fc.integer(), fc.boolean(), fc.constant(null)), { maxKeys: 3 }));
    let accepted = 0;
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 6 }), (data) => {
        const text = serializeFile(data, '').slice(4, -4); // the YAML between the "---" lines
        if (agrees(text)) accepted++;
      }),
      { numRuns: runs(5000) },
    );
    expect(accepted).toBeGreaterThan(runs(5000) / 25); // 200 of the full 5,000
  });

  /** js-yaml's dump with serializeFile's options: the reference for the writing fast path. */
  const dumped = (data: Record<string, unknown>) => yaml.dump(data, { schema: yaml.CORE_SCHEMA, lineWidth: -1, noRefs: true, sortKeys: false, quotingType: '"' });

  it('writes exactly what js-yaml dumps whenever it accepts (property)', () => {
    const value = fc.oneof(scalar, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.oneof(scalar, fc.integer(), fc.boolean(), fc.constant(null)), { maxLength: 3 }), fc.dictionary(fc.oneof(fc.constantFrom(...keys), dense(5)), fc.oneof(scalar, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(scalar, { maxLength: 2 })), { maxKeys: 3 }));
    let accepted = 0;
    fc.assert(
      fc.property(fc.dictionary(fc.oneof(fc.constantFrom(...keys), dense(5)), value, { maxKeys: 6 }), (data) => {
        const fast = dumpPlainFrontMatter(data);
        if (fast === undefined) return;
        accepted++;
        expect(fast, JSON.stringify(data)).toBe(dumped(data));
      }),
      { numRuns: runs(20000) },
    );
    expect(accepted).toBeGreaterThan(runs(20000) / 20); // the property is not vacuous (1,000 of the full 20,000)
    // Every scalar near the edges, alone, in a list and in a map.
    for (const v of [...scalars, ...scalars.map((x) => ` ${x}`), 0, -0, 1, -1, 2 ** 53, 2 ** 53 - 1, 1.5, NaN, Infinity, true, false, null]) {
      for (const data of [{ k: v }, { k: [v] }, { k: { a: v } }]) {
        const fast = dumpPlainFrontMatter(data);
        if (fast !== undefined) expect(fast, JSON.stringify(data)).toBe(dumped(data));
      }
    }
  });

  it('writes what a store writes without js-yaml, and it reads back the same', () => {
    const front = { id: 'mem_0k2x9d1ab7q4ce3m', tags: ['deploy', 'ci', 'v1.2'], category: 'decision', priority: 'high', timestamp: '2026-11-30T23:44:44.527Z', scope: 'team', metadata: { source: 'cli', version: 1, job_id: 'build-42', url: 'https://ci.example/run/42' }, upsert_key: 'deploy-policy' };
    const fast = dumpPlainFrontMatter(front);
    expect(fast).toBe(dumped(front));
    expect(parsePlainFrontMatter(fast!)).toEqual(front);
    expect(dumpPlainFrontMatter({ tags: [], metadata: {} })).toBe('tags: []\nmetadata: {}\n');
    // Needs quotes, a float, deeper nesting, a class instance: js-yaml's job.
    for (const data of [{ k: 'a: b' }, { k: 'yes' }, { k: 1.5 }, { k: { a: { b: 1 } } }, { k: [[1]] }, { k: new Date(0) }, { 'a b': 1 }, { k: '' }]) expect(dumpPlainFrontMatter(data as Record<string, unknown>)).toBeUndefined();
  });

  it('takes the fast path for what git-memory writes (property)', () => {
    const word = fc.oneof(fc.stringMatching(/^[a-z][a-z0-9._:/-]{0,15}$/), fc.stringMatching(/^[0-9]{1,4}(\.[0-9]{1,2}){0,2}$/), fc.constantFrom('null', 'true', 'no', 'y', '~', 'a b', 'x: y', 'it\'s'));
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 5 }),
        fc.constantFrom('general', 'decision', 'bug'),
        fc.constantFrom('low', 'medium', 'high'),
        fc.option(word, { nil: undefined }),
        fc.dictionary(fc.stringMatching(/^[a-z][a-z_]{0,10}$/), fc.oneof(word, fc.integer(), fc.boolean()), { maxKeys: 3 }),
        (tags, category, priority, scope, extra) => {
          const text = memoryToFile({ ...mem('body'), tags, category, priority, scope, metadata: { source: 'cli', version: 2, ...extra } });
          expect(agrees(text.slice(4, text.indexOf('\n---\n') + 1)), text).toBe(true);
        },
      ),
      { numRuns: runs(2000) },
    );
  });

  it('accepts what git-memory writes for ordinary memories', () => {
    const m = { ...mem('body'), tags: ['api', 'deploy-prod', 'v1.2', '2024', 'true'], scope: 'repo:git-memory', updated: '2026-01-02T03:04:05.678Z', metadata: { source: 'cli', version: 3, author: 'Jane Doe', confidence: 0.5, url: 'https://example.com/a?b=c' } };
    const text = memoryToFile(m);
    const yamlText = text.slice(4, text.indexOf('\n---\n') + 1);
    expect(agrees(yamlText)).toBe(true);
    expect(canon(parseFile(text).data)).toBe(canon(reference(yamlText)));
    expect(parsePlainFrontMatter('')).toEqual({});
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
