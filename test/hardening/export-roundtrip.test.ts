// Whatever `list` shows, `export` writes in a form `import` accepts, or says loudly
// (EXPORT_INCOMPLETE, non-zero exit) which memories it could not write that way. Hostile branch files
// (a NUL byte, no timestamp, year 9999, garbage dates, colliding front-matter keys, over-cap tags and
// metadata) are committed with git itself, then exported and imported into a fresh repository.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeRepo, tempDir } from '../helpers.js';
import { commitToBranch, runIn } from './boundary.js';

type Listed = { id: string; content: string; timestamp: string; tags: string[]; category: string };

async function listAll(repo: string): Promise<Listed[]> {
  const r = await runIn(repo, ['list', '--json', '--limit', '1000']);
  expect(r.code, r.stderr).toBe(0);
  return r.json.memories;
}

/** Exports `repo`, imports into a fresh one; checks the promise and returns what happened. */
async function roundTrip(repo: string): Promise<{ listed: Listed[]; back: Listed[]; exportCode: number | null; exportError: string | undefined; stderr: string; named: string[] }> {
  const listed = await listAll(repo);
  const file = join(tempDir(), 'out.jsonl');
  const ex = await runIn(repo, ['export', '-o', file, '--json']);
  const named: string[] = ex.code === 0 ? [] : (ex.json?.error?.data?.skipped ?? []).map((s: { id: string }) => s.id);
  const target = makeRepo();
  const im = await runIn(target, ['import', file, '--json']);
  expect(im.code, im.stdout + im.stderr).toBe(0);
  // Nothing export wrote is refused by import.
  expect(im.json.errors, JSON.stringify(im.json.errors)).toEqual([]);
  const back = await listAll(target);
  const backIds = new Set(back.map((m) => m.id));
  for (const m of listed) {
    if (backIds.has(m.id)) {
      expect(back.find((b) => b.id === m.id)!.content).toBe(m.content);
      continue;
    }
    // Not back: export must have failed and named it.
    expect(ex.code, `${m.id} was lost and export exited 0\n${ex.stderr}`).not.toBe(0);
    expect(named).toContain(m.id);
  }
  return { listed, back, exportCode: ex.code, exportError: ex.json?.error?.code, stderr: ex.stderr, named };
}

const fm = (fields: string[], body: string) => `---\n${fields.join('\n')}\n---\n${body}`;

describe('export then import keeps every listed memory, or export fails naming it', () => {
  it('the files of the report: NUL byte, no timestamp, year 9999, plus garbage dates and colliding keys', async () => {
    const repo = makeRepo({ commit: true });
    commitToBranch(repo, {
      'memories/hand/plain.md': fm(['tags: [ok]', 'timestamp: 2024-05-01T00:00:00.000Z'], 'a plain memory\n'),
      'memories/hand/no-timestamp.md': fm(['tags: [undated]'], 'no timestamp at all\n'),
      'memories/hand/no-front-matter.md': 'just text, no front matter\n',
      'memories/hand/year-9999.md': fm(['timestamp: 9999-01-01T00:00:00.000Z'], 'from the far future\n'),
      'memories/hand/updated-9999.md': fm(['timestamp: 2024-01-01T00:00:00.000Z', 'updated: 9999-01-01T00:00:00.000Z'], 'updated in the far future\n'),
      'memories/hand/year-minus-1.md': fm(['timestamp: "-000001-06-01T00:00:00.000Z"'], 'before the epoch\n'),
      'memories/hand/expires-garbage.md': fm(['timestamp: 2024-01-01T00:00:00.000Z', 'expires: next tuesday'], 'expires on a word\n'),
      'memories/hand/collide.md': fm(['timestamp: 2024-01-01T00:00:00.000Z', 'content: not the body', 'archived: true', 'path: ../../x'], 'the real body\n'),
      'memories/hand/nul.md': fm(['timestamp: 2024-01-01T00:00:00.000Z'], 'has a \u0000 byte\n'),
      'memories/hand/many-tags.md': fm(['timestamp: 2024-01-01T00:00:00.000Z', `tags: [${Array.from({ length: 150 }, (_, i) => `t${i}`).join(', ')}]`], 'too many tags\n'),
    });
    const r = await roundTrip(repo);
    expect(r.listed.length).toBe(10);
    // Only what import can never take (a NUL byte, over the tag cap) is left out, and export says so.
    expect(r.exportCode).not.toBe(0);
    expect(r.exportError).toBe('EXPORT_INCOMPLETE');
    // Dates import refuses were moved aside with a warning, not dropped.
    expect(r.stderr).toMatch(/year-9999\.md\): timestamp "9999-01-01T00:00:00\.000Z" is not a date import accepts/);
    expect(r.named.length).toBe(2);
    expect(r.back.length).toBe(8);
    const body = (t: string) => r.back.find((m) => m.content.startsWith(t))!;
    expect(body('the real body')).toBeDefined();
    expect(body('no timestamp').timestamp).toBe(r.listed.find((m) => m.content.startsWith('no timestamp'))!.timestamp);
  });

  it('property: any mix of hostile files round-trips or is named (fast-check, fixed seed)', async () => {
    const timestamp = fc.constantFrom(null, '2024-02-03T04:05:06.000Z', '9999-12-31T00:00:00.000Z', '"-000050-01-01T00:00:00.000Z"', 'garbage', '1970-01-01T00:00:00.000Z', '2999-12-31T23:59:59.999Z', '3000-01-01T00:00:00.000Z');
    const extraDate = fc.constantFrom(null, '2030-01-01T00:00:00.000Z', '9999-01-01T00:00:00.000Z', 'soon', '0');
    const body = fc.constantFrom('ordinary text\n', 'nul \u0000 inside\n', '   \n', '---\nlooks like front matter\n---\n', 'ünïcödé ✓ text\n');
    const key = fc.constantFrom(null, 'content: overridden', 'archived: true', 'relevance: 5', 'path: x', 'priority: urgent', 'category: [a, b]', 'metadata: 7', 'upsert_key: 12', 'scope: ""');
    const file = fc.record({ timestamp, updated: extraDate, expires: extraDate, body, key });
    await fc.assert(
      fc.asyncProperty(fc.array(file, { minLength: 1, maxLength: 6 }), async (files) => {
        const repo = makeRepo({ commit: true });
        const tree: Record<string, string> = {};
        files.forEach((f, i) => {
          const fields = [f.timestamp && `timestamp: ${f.timestamp}`, f.updated && `updated: ${f.updated}`, f.expires && `expires: ${f.expires}`, f.key].filter(Boolean) as string[];
          tree[`memories/p/f${i}.md`] = fields.length ? fm(fields, `${i} ${f.body}`) : `${i} ${f.body}`;
        });
        commitToBranch(repo, tree);
        await roundTrip(repo);
      }),
      { numRuns: 4, seed: 2424 },
    );
  });
});
