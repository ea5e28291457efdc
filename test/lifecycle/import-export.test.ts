import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryStore } from '../../src/store/store.js';
import { MemoryError } from '../../src/errors.js';
import { exportMemories } from '../../src/lifecycle/export.js';
import { importMemories } from '../../src/lifecycle/importer.js';
import { cli, commitFiles, git, makeRepo, tempDir } from '../helpers.js';
import { IMPORT_BATCH } from '../../src/model/bounds.js';
import { runCli } from '../run-cli.js';

const j = (...p: string[]) => p.join('');
const commits = (repo: string) => Number(git(repo, 'rev-list', '--count', 'memory'));

const seedLines = [
  { id: 'mem_abc123', content: 'The user prefers TypeScript over JavaScript for new projects', tags: ['preferences', 'typescript'], category: 'user-preferences', priority: 'medium', timestamp: '2026-02-25T15:00:00Z', metadata: { job_id: 'job_abc123', source: 'agent', version: 1 } },
  { content: 'API rate limit is 100 requests/minute', tags: ['api', 'limits'], timestamp: '2026-02-26T10:00:00Z' },
  { content: 'Database connection uses SSL on production', category: 'infrastructure', priority: 'high' },
];

describe('import', () => {
  it('a large import (packs in batches; run from src/ without the built worker, so on this thread) keeps every record, drops duplicates across batches, and git reads it all', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    const records = Array.from({ length: 3500 }, (_, i) => ({ content: `note number ${i % 3000} about ${'x'.repeat(i % 50)}`, tags: ['bulk'], timestamp: new Date(Date.UTC(2025, 0, 1) + (i % 3000) * 60_000).toISOString() }));
    const r = await importMemories(s, { records, batchSize: 1000 });
    expect(r.errors).toEqual([]);
    expect(r.imported).toBe(3000);
    expect(r.duplicates).toBe(500);
    expect(r.commits).toHaveLength(3); // the fourth batch holds only duplicates
    git(repo, 'fsck', '--strict', '--no-progress');
    const files = git(repo, 'ls-tree', '-r', '--name-only', 'memory').split('\n').filter((p) => p.startsWith('memories/'));
    expect(files).toHaveLength(3000);
    expect(git(repo, 'show', `memory:${files[1234]}`)).toMatch(/note number \d+ about/);
    expect((await s.list({ limit: 5000 })).total).toBe(3000);
  });

  it('a large import finds duplicates that differ only in whitespace, per scope, whether hashed on a worker or not', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    await s.store({ content: 'stored before the import  number 5', tags: ['x'] });
    // 2,600 records: in the built packages the first 1,999 are hashed on this thread, the rest on the
    // worker (test/lifecycle/blob-worker.e2e.test.ts); from src/ all here.
    const records = Array.from({ length: 2600 }, (_, i) => {
      const n = i % 1300;
      const spaced = i >= 1300 ? `\u00a0 note\t${n}\n\nabout  things ` : `note ${n} about things`;
      return { content: spaced, ...(n % 10 === 0 ? { scope: 'team-a' } : {}), timestamp: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString() };
    });
    records.push({ content: 'stored before the import number 5', timestamp: '2025-06-01T00:00:00Z' });
    records.push({ content: 'note 10 about things', timestamp: '2025-06-01T00:00:00Z' }); // same words, no scope: new
    const r = await importMemories(s, { records, batchSize: 1000 });
    expect(r.errors).toEqual([]);
    expect(r.imported).toBe(1301);
    expect(r.duplicates).toBe(1301);
  });

  it('imports JSONL in one commit, keeping ids and timestamps; invalid lines reported by number', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    await s.store({ content: 'already here', tags: ['x'] });
    const before = commits(repo);
    const text = [
      JSON.stringify(seedLines[0]),
      '',
      JSON.stringify(seedLines[1]),
      '{ not json',
      JSON.stringify({ content: '' }),
      JSON.stringify({ content: 'bad priority', priority: 'urgent' }),
      JSON.stringify(seedLines[2]),
      JSON.stringify({ content: 'already here' }),
      JSON.stringify({ content: j('key ', 'gh', 'p_', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8') }),
      JSON.stringify({ content: 'API rate limit is  100 requests/minute' }),
    ].join('\n');
    const r = await importMemories(s, { text });
    expect(r.imported).toBe(3);
    expect(r.duplicates).toBe(2);
    expect(r.errors.map((e) => [e.line, e.code])).toEqual([
      [4, 'INVALID_INPUT'],
      [5, 'EMPTY_CONTENT'],
      [6, 'INVALID_INPUT'],
      [9, 'SECRET_DETECTED'],
    ]);
    expect(commits(repo)).toBe(before + 1);
    expect(git(repo, 'log', '-1', '--format=%s', 'memory')).toMatch(/^memory: import 3 memories/);
    // The blobs went into one pack that git itself accepts.
    expect(git(repo, 'count-objects', '-v')).toMatch(/^packs: 1$/m);
    git(repo, 'fsck', '--strict', '--no-dangling');
    expect(git(repo, 'cat-file', '-p', 'memory:' + git(repo, 'ls-tree', '-r', '--name-only', 'memory', 'memories').split('\n').find((p) => p.includes('mem_abc123')))).toContain(seedLines[0].content);
    const m = (await s.get('mem_abc123')).memory;
    expect(m).toMatchObject({ content: seedLines[0].content, tags: ['preferences', 'typescript'], category: 'user-preferences', timestamp: '2026-02-25T15:00:00.000Z', metadata: { job_id: 'job_abc123' } });
    expect((await s.list({ category: 'infrastructure' })).memories[0].priority).toBe('high');
    // Imported again: everything is already there.
    const again = await importMemories(s, { records: seedLines });
    expect(again).toMatchObject({ imported: 0, duplicates: 3 });
    expect(commits(repo)).toBe(before + 1);
  });

  it('--strict imports nothing when any line is invalid', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    let err: MemoryError | null = null;
    try {
      await importMemories(s, { text: `${JSON.stringify(seedLines[1])}\n{oops\n`, strict: true });
    } catch (e) {
      err = e as MemoryError;
    }
    expect(err?.code).toBe('INVALID_INPUT');
    expect((err!.data.errors as Array<{ line: number }>)[0].line).toBe(2);
    expect(git(repo, 'branch', '--list', 'memory')).toBe('');
  });

  it('--from-pi migrates a seed .pi/memories directory, keeping ids and timestamps', async () => {
    const dir = join(tempDir('gm-pi-'), '.pi', 'memories');
    mkdirSync(dir, { recursive: true });
    const files = [
      { id: 'mem_abc123', content: 'The user prefers TypeScript over JavaScript for new projects', tags: ['preferences', 'typescript', 'languages'], category: 'user-preferences', priority: 'medium', timestamp: '2026-02-25T15:00:00Z', metadata: { job_id: 'job_abc123', source: 'agent', version: 1 } },
      { id: 'mem_def456', content: 'Database migrations are in /db/migrations, run with npm run migrate', tags: [], category: 'project-alpha', priority: 'high', timestamp: '2026-02-25T16:00:00Z', metadata: { source: 'agent', version: 1 } },
      { id: 'mem_1708873200000_XyZ', content: 'An id in another shape', tags: ['misc'], timestamp: '2026-02-25T17:00:00Z' },
    ];
    for (const f of files) writeFileSync(join(dir, `${f.id}.json`), JSON.stringify(f, null, 2));
    writeFileSync(join(dir, 'mem_broken.json'), '{ "id": "mem_broken", ');
    writeFileSync(
      join(dir, 'index.json'),
      JSON.stringify({ tags: { typescript: ['mem_abc123'], database: ['mem_def456'], migrations: ['mem_def456'] }, categories: { 'project-alpha': ['mem_def456'] }, created_at: '2026-02-25T15:00:00Z', updated_at: '2026-02-25T16:30:00Z' }),
    );
    const repo = makeRepo();
    // One unreadable file: the rest is imported; --allow-partial accepts that with exit 0 (without
    // it the exit code is 2).
    const r = await runCli(repo, ['import', '--from-pi', join(dir, '..'), '--json', '--allow-partial']);
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ success: true, imported: 3, duplicates: 0 });
    expect(r.json.errors).toEqual([expect.objectContaining({ line: 'mem_broken.json', code: 'INVALID_INPUT' })]);
    const s = new MemoryStore({ repo, warn: () => {} });
    expect((await s.get('mem_abc123')).memory).toMatchObject({ timestamp: '2026-02-25T15:00:00.000Z', category: 'user-preferences', metadata: { job_id: 'job_abc123', imported_from: 'pi' } });
    // Tags missing from a file come back from index.json.
    expect((await s.get('mem_def456')).memory.tags).toEqual(['database', 'migrations']);
    const odd = (await s.get('mem_1708873200000xyz')).memory;
    expect(odd.metadata.original_id).toBe('mem_1708873200000_XyZ');
    expect(commits(repo)).toBe(1);
  });

  it('help, result and commits agree: one commit per IMPORT_BATCH records, as the help says and the report counts', async () => {
    const help = await runCli(tempDir(), ['import', '--help']);
    expect(help.stdout).toContain(`one commit per ${IMPORT_BATCH.toLocaleString('en-US')} memories (one for most imports)`);
    expect(help.stdout).not.toMatch(/in one commit/);
    // The default batch, not a test's: IMPORT_BATCH + 1 short records from a file, through the CLI.
    const repo = makeRepo();
    const file = join(tempDir(), 'batch.jsonl');
    const t0 = Date.UTC(2025, 0, 1);
    writeFileSync(file, Array.from({ length: IMPORT_BATCH + 1 }, (_, i) => `{"content":"n ${i}","timestamp":"${new Date(t0 + i * 60_000).toISOString()}"}\n`).join(''));
    const r = await runCli(repo, ['import', file, '--json'], { env: { MEMORY_PROGRESS: '0' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.json.imported).toBe(IMPORT_BATCH + 1);
    expect(r.json.commits).toHaveLength(2);
    expect(commits(repo)).toBe(2);
    expect(git(repo, 'log', '-1', '--format=%s', 'memory')).toBe('memory: import 1 memory from batch.jsonl');
    // The report says how many commits it made.
    const again = join(tempDir(), 'two.jsonl');
    writeFileSync(again, '{"content":"one more"}\n{"content":"and another"}\n');
    const h = await runCli(repo, ['import', again]);
    expect(h.stdout).toMatch(/^imported 2 memories \(1 commit\)$/m);
  });

  it('CLI: JSONL from stdin and a file; progress bar only on a TTY', async () => {
    const repo = makeRepo();
    const r = await runCli(repo, ['import', '-', '--json'], { input: seedLines.map((l) => JSON.stringify(l)).join('\n') });
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ success: true, imported: 3, errors: [] });
    expect(r.stderr).not.toContain('importing [');
    const file = join(tempDir(), 'bad.jsonl');
    writeFileSync(file, '{"content":"ok line"}\n[1,2]\n');
    const h = await runCli(repo, ['import', file]);
    expect(h.code).toBe(2);
    expect(h.stdout).toMatch(/imported 1 memory, 1 invalid/);
    expect(h.stdout).toMatch(/line 2: \[INVALID_INPUT\]/);
    const strict = await runCli(repo, ['import', file, '--strict', '--json']);
    expect(strict.code).toBe(2);
    expect(strict.json.error.code).toBe('INVALID_INPUT');
  });

  it('a file whose lines are longer than a read slice (multi-byte text across slice edges) imports whole, with the right line numbers', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    // 3-byte and 4-byte characters, so slice edges fall inside characters and lines span several slices.
    // Quotes and backslashes double in JSON: a line of ~70 KB for 60 KB of content.
    const big = (i: number) => `record ${i} ` + '记忆🧠 "q" \\ '.repeat(3300 + i * 17);
    const lines: string[] = [];
    for (let i = 0; i < 12; i++) {
      lines.push(JSON.stringify({ content: big(i) }));
      lines.push(JSON.stringify({ content: `short ${i}` }));
    }
    lines.splice(17, 0, '{ broken');
    const file = join(tempDir(), 'long.jsonl');
    writeFileSync(file, lines.join('\n'));
    const r = await importMemories(s, { file });
    expect(r.errors.map((e) => [e.line, e.code])).toEqual([[18, 'INVALID_INPUT']]);
    expect(r.imported).toBe(24);
    const all = await s.list({ limit: 100 });
    const contents = new Set(all.memories.map((m: { content: string }) => m.content));
    for (let i = 0; i < 12; i++) {
      expect(contents.has(big(i))).toBe(true);
      expect(contents.has(`short ${i}`)).toBe(true);
    }
  });

  it('CLI: an import large enough for the worker threads finishes and reports (the process waits for its workers)', async () => {
    const repo = makeRepo();
    const file = join(tempDir(), 'many.jsonl');
    writeFileSync(file, Array.from({ length: 4500 }, (_, i) => JSON.stringify({ content: `bulk note ${i} ${'lorem ipsum '.repeat(20)}` })).join('\n') + '\n');
    const r = await runCli(repo, ['import', file, '--json']);
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ success: true, imported: 4500, errors: [] });
    expect(Number(git(repo, 'rev-list', '--count', 'memory'))).toBe(1);
  });
});

describe('export', () => {
  it('round trip: export (jsonl, json) → import into another repository gives the same memories', async () => {
    const a = makeRepo();
    const s = new MemoryStore({ repo: a, warn: () => {} });
    await importMemories(s, { records: seedLines });
    await s.store({ content: '  Leading and trailing space, CJK 记忆 and emoji 🧠\n---\nnot front matter\n', tags: ['tricky'], scope: 'p2p:ou_123', ttl: '30d', upsertKey: 'tricky' });
    const jsonl = await runCli(a, ['export']);
    expect(jsonl.code).toBe(0);
    expect(jsonl.stdout.trim().split('\n')).toHaveLength(4);
    const out = join(tempDir(), 'all.json');
    const js = await runCli(a, ['export', '--json', '--output', out]);
    expect(js.json).toMatchObject({ success: true, exported: 4, format: 'json' });
    expect(JSON.parse(readFileSync(out, 'utf8'))).toHaveLength(4);

    for (const input of [{ input: jsonl.stdout, args: ['import', '-', '--json'] }, { input: '', args: ['import', out, '--json'] }]) {
      const b = makeRepo();
      const r = await runCli(b, input.args, { input: input.input });
      expect(r.json).toMatchObject({ imported: 4, errors: [] });
      const again = await runCli(b, ['export']);
      expect(again.stdout).toBe(jsonl.stdout);
    }
    const bad = await runCli(a, ['export', '-o', join(tempDir(), 'no', 'such', 'dir.jsonl'), '--json']);
    expect(bad.code).toBe(2);
    expect(bad.json.error.code).toBe('INVALID_INPUT');
    const md = await exportMemories(s, { format: 'markdown' });
    expect(md.data).toMatch(/^# Memories \(4\) from branch memory/);
    expect(md.data).toContain('记忆 and emoji 🧠');
    expect(md.count).toBe(4);
  });

  it('-o never writes through a link, and replaces a file only when the export is whole', async () => {
    const repo = makeRepo();
    await new MemoryStore({ repo, warn: () => {} }).store({ content: 'the one memory' });
    const dir = tempDir();
    const victim = join(dir, 'victim.txt');
    writeFileSync(victim, 'keep me\n');
    symlinkSync(victim, join(dir, 'link.jsonl'));
    symlinkSync(join(dir, 'nowhere.txt'), join(dir, 'dangling.jsonl'));
    for (const name of ['link.jsonl', 'dangling.jsonl']) {
      const r = await runCli(repo, ['export', '-o', join(dir, name), '--json']);
      expect(r.code, name).toBe(2);
      expect(r.json.error.code).toBe('INVALID_INPUT');
      expect(r.json.error.message).toContain('symbolic link');
    }
    expect(readFileSync(victim, 'utf8')).toBe('keep me\n');
    expect(existsSync(join(dir, 'nowhere.txt'))).toBe(false);
    // An existing file is replaced whole, keeping its mode; no temp file is left beside it.
    const out = join(dir, 'backup.jsonl');
    writeFileSync(out, 'old backup\n', { mode: 0o600 });
    expect((await runCli(repo, ['export', '-o', out, '--json'])).json).toMatchObject({ success: true, exported: 1 });
    expect(readFileSync(out, 'utf8')).toContain('the one memory');
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).sort()).toEqual(['backup.jsonl', 'dangling.jsonl', 'link.jsonl', 'victim.txt']);
    // A device is written as it is, and so is one behind a link (/dev/stdout is one).
    expect((await runCli(repo, ['export', '-o', '/dev/null', '--json'])).json).toMatchObject({ success: true, exported: 1 });
    symlinkSync('/dev/null', join(dir, 'null-link'));
    expect((await runCli(repo, ['export', '-o', join(dir, 'null-link'), '--json'])).json).toMatchObject({ success: true, exported: 1 });
  });

  it('names a file no reader can parse and exits EXPORT_INCOMPLETE, in every format, after writing the rest', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    await s.store({ content: 'a readable memory' });
    commitFiles(repo, [{ files: { 'memories/2026-01/00/mem_broken0000000001.md': '---\ntags: [unclosed\n---\nbroken\n' } }], 'memory');
    for (const format of ['jsonl', 'json', 'markdown']) {
      const out = join(tempDir(), `all.${format}`);
      const r = await runCli(repo, ['export', '--format', format, '-o', out, '--json']);
      expect(r.code, format).not.toBe(0);
      expect(r.json.error.code).toBe('EXPORT_INCOMPLETE');
      expect(r.json.error.message).toContain('mem_broken0000000001.md');
      expect(r.json.error.data.skipped).toEqual([expect.objectContaining({ id: '', code: 'UNREADABLE_MEMORY', path: 'memories/2026-01/00/mem_broken0000000001.md' })]);
      expect(readFileSync(out, 'utf8')).toContain('a readable memory');
    }
  });
});
