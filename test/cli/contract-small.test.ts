// Smaller CLI contracts: an upsert re-derives auto-tags from the new content, stdin
// content loses its trailing newline, import's exit code says when lines were invalid, and a get of
// a deleted id says it is in the trash.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo, tempDir } from '../helpers.js';
import { runCli } from '../run-cli.js';

describe('CLI contract', { timeout: 120_000 }, () => {
  it('an upsert without tags re-derives the auto-tags from the new content (no stale ones)', async () => {
    const repo = makeRepo();
    const a = (await runCli(repo, ['store', 'The ci-cache-2 bucket holds the build cache for pull requests', '--upsert-key', 'build-cache', '--json'])).json;
    const before = (await runCli(repo, ['get', a.id, '--json'])).json.memory.tags;
    expect(before.length).toBeGreaterThan(0);
    const b = (await runCli(repo, ['store', 'Kubernetes deployments roll back automatically when readiness probes fail', '--upsert-key', 'build-cache', '--json'])).json;
    expect(b).toMatchObject({ id: a.id, upserted: true });
    const after = (await runCli(repo, ['get', a.id, '--json'])).json.memory.tags;
    expect(after).not.toEqual(before);
    for (const t of before) if (/cache|ci/.test(t)) expect(after).not.toContain(t);
    expect(b.tags).toEqual(after);
    // Given tags still win.
    await runCli(repo, ['store', 'something else entirely about queues', '--upsert-key', 'build-cache', '--tags', 'mine']);
    expect((await runCli(repo, ['get', a.id, '--json'])).json.memory.tags).toEqual(['mine']);
  });

  it('stdin content loses the trailing newline echo adds (and keeps everything else)', async () => {
    const repo = makeRepo();
    const run = (input: string, args: string[]) => runCli(repo, args, { input });
    const id = JSON.parse((await run('  indented first line\nsecond line\n\n', ['store', '-', '--json'])).stdout).id;
    expect((await runCli(repo, ['get', id, '--json'])).json.memory.content).toBe('  indented first line\nsecond line');
    expect((await run('updated text\r\n', ['update', id, '--content', '-', '--json'])).code).toBe(0);
    expect((await runCli(repo, ['get', id, '--json'])).json.memory.content).toBe('updated text');
  });

  it('import exits 2 when lines were invalid (the valid ones imported), 0 with --allow-partial', async () => {
    const repo = makeRepo();
    const file = join(tempDir(), 'in.jsonl');
    writeFileSync(file, ['{"content":"valid one"}', 'not json', '{"tags":["no content"]}', '{"content":"valid two"}'].join('\n') + '\n');
    const r = await runCli(repo, ['import', file]);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('imported 2');
    expect(r.stderr).toMatch(/INVALID_INPUT.*--allow-partial/);
    // A non-zero exit carries the JSON error shape; its data has the report.
    const j = await runCli(makeRepo(), ['import', file, '--json']);
    expect(j.code).toBe(2);
    expect(j.json).toMatchObject({ success: false, error: { code: 'INVALID_INPUT', data: { partial: true, imported: 2 } } });
    expect(j.json.error.data.errors).toHaveLength(2);
    expect((await runCli(makeRepo(), ['import', file, '--allow-partial', '--json'])).json).toMatchObject({ success: true, imported: 2 });
    expect((await runCli(makeRepo(), ['import', file, '--allow-partial'])).code).toBe(0);
    writeFileSync(file, '{"content":"all fine"}\n');
    expect((await runCli(makeRepo(), ['import', file])).code).toBe(0);
  });

  it('import run again says nothing new was imported and how many were duplicates, not "0 valid ones were imported"', async () => {
    const repo = makeRepo();
    const file = join(tempDir(), 'in.jsonl');
    writeFileSync(file, ['{"content":"valid one"}', 'not json', '{"content":"valid two"}'].join('\n') + '\n');
    expect((await runCli(repo, ['import', file])).code).toBe(2);
    const again = await runCli(repo, ['import', file]);
    expect(again.code).toBe(2);
    expect(again.json ?? null).toBeNull();
    expect(again.stdout + again.stderr).not.toMatch(/\b0 valid/);
    expect(again.stdout + again.stderr).toMatch(/nothing new: 2 duplicates/);
    const j = await runCli(repo, ['import', file, '--json']);
    expect(j.json.error.data).toMatchObject({ imported: 0, duplicates: 2 });
    // Without invalid lines: exit 0, and the summary says the same.
    writeFileSync(file, ['{"content":"valid one"}', '{"content":"valid two"}'].join('\n') + '\n');
    const clean = await runCli(repo, ['import', file]);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toMatch(/nothing new: 2 duplicates/);
    expect(clean.stdout).not.toMatch(/imported 0/);
  });

  it('get of a deleted id says it is in the trash and how to restore it', async () => {
    const repo = makeRepo();
    const id = (await runCli(repo, ['store', 'short-lived', '--json'])).json.id;
    await runCli(repo, ['delete', id]);
    const r = await runCli(repo, ['get', id, '--json']);
    expect(r.code).toBe(3);
    expect(r.json.error).toMatchObject({ code: 'NOT_FOUND', data: { id, trashed: true, next: 'trash.restore' } });
    expect(r.json.error.message).toContain(`memory trash restore ${id}`);
  });
});
