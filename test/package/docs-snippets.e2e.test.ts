// The code in README.md and docs/*.md runs as written. A fenced block whose info string says
// `runnable` (```sh runnable, ```ts runnable, ```python runnable) is run against a real repository in a
// temp dir, with `memory` on PATH being the CLI built for this run and `/path/to/repo` (or `repo: '.'`,
// the working directory) that repository:
// - sh: bash -e, in the repository;
// - ts/js: compiled with esbuild (types dropped) and run by node, `git-memory` being the built library;
// - python: with the interpreter GIT_MEMORY_TEST_PYTHON names (.ci/run makes a venv with the `mcp`
//   SDK and sets it); without it, each block is only compiled (`py_compile`: a top-level `async with`
//   fails there) and checked not to read result fields by their JSON names.
// Every python block must be runnable: a Python example that cannot run in CI is not shown.
import { spawnSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { CLI, gitEnv, makeRepo, tempDir } from '../helpers.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const files = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

interface Block {
  file: string;
  line: number;
  lang: string;
  runnable: boolean;
  code: string;
}

function blocks(file: string): Block[] {
  const out: Block[] = [];
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w+)?(.*)$/.exec(lines[i]);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !lines[i].startsWith('```'); i++) body.push(lines[i]);
    out.push({ file, line: start + 1, lang: open[1] ?? '', runnable: /\brunnable\b/.test(open[2]), code: body.join('\n') + '\n' });
  }
  return out;
}

const all = files.flatMap(blocks);
const runnable = all.filter((b) => b.runnable);
const python = process.env.GIT_MEMORY_TEST_PYTHON;

/** A `memory` command on PATH: the CLI built for this run. */
function shimPath(): string {
  const bin = tempDir('gm-bin-');
  writeFileSync(join(bin, 'memory'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI())} "$@"\n`);
  chmodSync(join(bin, 'memory'), 0o755);
  return `${bin}:${process.env.PATH}`;
}

function run(cmd: string, args: string[], cwd: string): { status: number | null; out: string } {
  const r = spawnSync(cmd, args, { cwd, env: { ...gitEnv, PATH: shimPath(), MEMORY_EMBEDDER: 'none', MEMORY_DAEMON: 'off' }, encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, out: `${r.stdout}\n${r.stderr}${r.error ? `\n${r.error.message}` : ''}` };
}

describe('code blocks in README.md and docs/', { timeout: 180_000 }, () => {
  it('has runnable blocks in every language it shows code for agents in (sh, ts, python)', () => {
    expect(new Set(runnable.map((b) => b.lang))).toEqual(new Set(['sh', 'ts', 'python']));
    expect(all.filter((b) => b.lang === 'python' && !b.runnable).map((b) => `${b.file}:${b.line}`)).toEqual([]);
  });

  it.each(runnable.map((b) => [`${b.file}:${b.line} (${b.lang})`, b] as const))('runs %s', (_name, b) => {
    const repo = makeRepo();
    const code = b.code.replaceAll('/path/to/repo', repo);
    if (b.lang === 'sh') {
      const r = run('bash', ['-e', '-c', code], repo);
      expect(r.status, r.out).toBe(0);
    } else if (b.lang === 'ts' || b.lang === 'js') {
      // Written next to the built library (under node_modules/), so the SDK's imports resolve.
      const lib = pathToFileURL(join(dirname(CLI()), 'index.js')).href;
      const js = transformSync(code.replaceAll(`from 'git-memory'`, `from ${JSON.stringify(lib)}`), { loader: 'ts', format: 'esm' }).code;
      const file = join(dirname(CLI()), `snippet-${process.pid}-${b.line}.mjs`);
      writeFileSync(file, js);
      const r = run(process.execPath, [file], repo);
      expect(r.status, r.out).toBe(0);
    } else if (b.lang === 'python') {
      const file = join(tempDir('gm-py-'), 'snippet.py');
      writeFileSync(file, code);
      const compiled = run('python3', ['-m', 'py_compile', file], repo);
      expect(compiled.status, compiled.out).toBe(0);
      // The Python SDK's models name fields in snake_case (structured_content, is_error).
      expect(code).not.toMatch(/\.(structuredContent|isError)\b/);
      if (python) {
        const r = run(python, [file], repo);
        expect(r.status, r.out).toBe(0);
        expect(r.out).toMatch(/'success': True/);
      }
    } else throw new Error(`no runner for ${b.lang} (${b.file}:${b.line})`);
  });
});
