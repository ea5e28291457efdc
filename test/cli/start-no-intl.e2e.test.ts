import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, gitEnv, makeRepo, tempDir } from '../helpers.js';

// The first locale-aware format of a process (Number#toLocaleString, Intl.*) loads ICU's data,
// 20-100 ms, about a node start: an everyday command must not pay it. The built CLI runs with a
// preload that counts such calls (from the CLI's own files) and prints the count at exit.
describe('an everyday command formats nothing through Intl', () => {
  const preload = join(tempDir('gm-intl-'), 'intl.cjs');
  writeFileSync(
    preload,
    [
      'let calls = [];',
      'const note = (what) => { const s = new Error().stack.split("\\n").slice(2, 4).join(" "); if (!s.includes("node:")) calls.push(what + " " + s.trim()); };',
      'for (const [o, k] of [[Number.prototype, "toLocaleString"], [Date.prototype, "toLocaleString"], [Date.prototype, "toLocaleDateString"], [Date.prototype, "toLocaleTimeString"], [String.prototype, "localeCompare"]]) {',
      '  const f = o[k]; o[k] = function (...a) { note(k); return f.apply(this, a); };',
      '}',
      'for (const k of ["NumberFormat", "DateTimeFormat", "Collator", "PluralRules", "RelativeTimeFormat", "ListFormat", "Segmenter"]) {',
      '  const C = Intl[k]; if (C) Intl[k] = new Proxy(C, { construct: (t, a) => (note(k), new t(...a)), apply: (t, self, a) => (note(k), t(...a)) });',
      '}',
      "process.on('exit', () => require('node:fs').writeSync(2, '\\nINTL ' + JSON.stringify(calls) + '\\n'));",
      '',
    ].join('\n'),
  );
  const run = (cwd: string, args: string[]) => {
    const r = spawnSync(process.execPath, ['-r', preload, CLI(), ...args], { cwd, env: { ...gitEnv, MEMORY_DAEMON: 'off', MEMORY_EMBEDDER: 'none' }, encoding: 'utf8' });
    return { status: r.status, calls: JSON.parse(/\nINTL (.*)\n$/.exec(r.stderr)![1]) as string[] };
  };

  it('search, list, store and --version', () => {
    const repo = makeRepo({ commit: true });
    expect(run(repo, ['store', 'the deploy needs a retry timeout', '--json'])).toEqual({ status: 0, calls: [] });
    expect(run(repo, ['search', 'retry timeout', '--json'])).toEqual({ status: 0, calls: [] });
    expect(run(repo, ['search', 'retry timeout'])).toEqual({ status: 0, calls: [] });
    expect(run(repo, ['list', '--json'])).toEqual({ status: 0, calls: [] });
    expect(run(repo, ['--version'])).toEqual({ status: 0, calls: [] });
  });
});
