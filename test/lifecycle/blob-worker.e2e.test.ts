// The built worker is found by every build that holds the blob compressor: the CLI (whose import code
// is a chunk in dist/chunks/), the library (dist/index.cjs, and dist/index.js re-exporting it) and the
// Action bundle (dist/action/, ES modules). A missing worker is not an error (the import then runs on
// one thread, with the same result), so the test reads MEMORY_DEBUG's line to see the threads ran.
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI, gitEnv, makeRepo, tempDir } from '../helpers.js';

// 2,600 records, the second half the first with extra whitespace: duplicates found by the workers' digests.
const RECORDS = Array.from({ length: 2600 }, (_, i) => ({ content: `note ${i % 1300} about  things` + (i >= 1300 ? ' \t ' : '') }));
const threads = Math.min(3, availableParallelism() - 1);

function expectThreadsRan(stderr: string): void {
  expect(stderr).not.toMatch(/blob compressor: .*failed|exited/);
  expect(stderr).toMatch(new RegExp(`blob compressor: [1-9]\\d* groups compressed on ${threads} worker threads\\n`));
}

/** A script importing RECORDS through `lib` (a library entry, or the action's chunks): prints the result. */
function runScript(body: string): { stdout: string; stderr: string } {
  const dir = tempDir();
  writeFileSync(join(dir, 'records.json'), JSON.stringify(RECORDS));
  writeFileSync(join(dir, 'run.mjs'), `import { readFileSync } from 'node:fs';\nconst records = JSON.parse(readFileSync(${JSON.stringify(join(dir, 'records.json'))}, 'utf8'));\n${body}\nconsole.log(JSON.stringify({ imported: r.imported, duplicates: r.duplicates }));\n`);
  const r = spawnSync(process.execPath, [join(dir, 'run.mjs')], { cwd: makeRepo({ commit: true }), env: { ...gitEnv, MEMORY_DEBUG: '1' }, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r;
}

// On a single core the compressor starts no thread (by design): there is then nothing to check here,
// and the skip says so instead of passing without a worker.
describe.skipIf(threads === 0)('the blob worker in the built packages (skipped on a single core: no threads)', () => {
  it('the CLI (dist/cli.cjs, import in dist/chunks) compresses on the worker threads', () => {
    const repo = makeRepo({ commit: true });
    const file = join(tempDir(), 'records.jsonl');
    writeFileSync(file, RECORDS.map((r) => JSON.stringify(r)).join('\n'));
    const r = spawnSync(process.execPath, [CLI(), 'import', file], { cwd: repo, env: { ...gitEnv, MEMORY_DEBUG: '1' }, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('imported 1300 memories, 1300 already present');
    expectThreadsRan(r.stderr);
  });

  it.each(['index.js', 'index.cjs'])('the library (dist/%s) compresses on the worker threads', (entry) => {
    const url = pathToFileURL(join(dirname(CLI()), entry)).href;
    const r = runScript(`const lib = await import(${JSON.stringify(url)});\nconst m = await (lib.openMemory ?? lib.default.openMemory)({ repo: process.cwd() });\nconst r = await m.importMemories({ records });`);
    expect(JSON.parse(r.stdout)).toEqual({ imported: 1300, duplicates: 1300 });
    expectThreadsRan(r.stderr);
  });

  it('the Action bundle (dist/action, ES-module chunks) compresses on the worker threads', async () => {
    const chunks = join(dirname(CLI()), 'action', 'chunks');
    // The action has no import command: the import's chunk is loaded as the bundle loads it; the store it
    // writes through is the library's (the bundle keeps its own inside its entry, which runs the action).
    const urls = readdirSync(chunks).map((n) => pathToFileURL(join(chunks, n)).href);
    const lib = pathToFileURL(join(dirname(CLI()), 'index.js')).href;
    const r = runScript(
      `const { MemoryStore } = await import(${JSON.stringify(lib)});\nlet importMemories;\nfor (const u of ${JSON.stringify(urls)}) { const m = await import(u); importMemories ??= m.importMemories; }\n` +
        `const r = await importMemories(new MemoryStore({ repo: process.cwd(), warn: () => {} }), { records });`,
    );
    expect(JSON.parse(r.stdout)).toEqual({ imported: 1300, duplicates: 1300 });
    expectThreadsRan(r.stderr);
  });
});
