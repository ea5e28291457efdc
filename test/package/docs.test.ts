// The docs show commands that exist. Every `memory …` / `git memory …` command line in a code
// block of README.md and docs/*.md names a real command (and subcommand), only options that command
// (or the global ones) accepts, and only settings the schema knows (`memory config set KEY`). Until the
// package is on the npm registry, every line that installs it from there says "once published".
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { commandTree } from '../../src/cli/args.js';
import { program } from '../../src/cli/main.js';
import { GLOBAL_OPTIONS } from '../../src/cli/context.js';
import { configKeys } from '../../src/model/config.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOCS = ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** Code blocks of a Markdown file, with the line each starts on. */
function codeBlocks(text: string): Array<{ line: number; body: string }> {
  const out: Array<{ line: number; body: string }> = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!/^\s*```/.test(lines[i])) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^\s*```/.test(lines[i]); i++) body.push(lines[i]);
    out.push({ line: start + 1, body: body.join('\n') });
  }
  return out;
}

/** Each `memory ...` invocation in a shell-ish text: its words up to a pipe, `&&`, `;` or a comment. */
function invocations(body: string): string[][] {
  const out: string[][] = [];
  for (const m of body.matchAll(/(?:^|[\s"'(`$|;&]|\bgit\s+|bin\/)memory(?:\.js)?\s+([^\n|;&#)`]*)/g)) {
    const words = (m[1].match(/"[^"]*"|'[^']*'|\S+/g) ?? []).map((w) => w.replace(/^["']|["']$/g, ''));
    if (words.length && /^[a-z][a-z-]*$/.test(words[0])) out.push(words);
  }
  return out;
}

describe('the docs name what exists', () => {
  const tree = commandTree(program);
  const globals = Object.keys(GLOBAL_OPTIONS);
  const settings = configKeys().map((k) => k.key);

  it('every memory command, subcommand, option and setting in a code block exists', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const file of DOCS) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const block of codeBlocks(text)) {
        for (const words of invocations(block.body)) {
          const at = `${file}:${block.line} \`memory ${words.join(' ')}\``;
          const cmd = tree.find((c) => c.name === words[0] || c.aliases.includes(words[0]));
          if (!cmd) {
            // Prose inside a block ("memory branch", "memory files") is not a command line.
            if (!words.some((w) => w.startsWith('--'))) continue;
            problems.push(`${at}: no command "${words[0]}"`);
            continue;
          }
          checked++;
          let opts = cmd.options;
          const sub = cmd.commands.find((c) => c.name === words[1]);
          if (sub) opts = [...opts, ...sub.options];
          else if (cmd.commands.length && words[1] && !words[1].startsWith('-') && cmd.positionals.every((p) => !p.choices?.length)) problems.push(`${at}: no subcommand "${words[1]}"`);
          const action = cmd.positionals.find((p) => p.choices?.length);
          if (action && words[1] && !words[1].startsWith('-') && !action.choices!.includes(words[1]) && !/^[<[A-Z$]/.test(words[1]) && !/^mem_/.test(words[1])) {
            if (cmd.name !== 'search' && cmd.name !== 'store') problems.push(`${at}: "${words[1]}" is not one of ${action.choices!.join(', ')}`);
          }
          for (const w of words) {
            const o = /^--(no-)?([a-z][a-z0-9-]*)(=.*)?$/.exec(w);
            if (!o) continue;
            const name = o[2];
            const known = globals.includes(name) || opts.some((x) => x.name === name || x.aliases.includes(name) || (o[1] && x.name === `no-${name}`)) || (o[1] === undefined && opts.some((x) => x.name === `no-${name}`));
            if (!known && !['help', 'version'].includes(name)) problems.push(`${at}: ${cmd.name} has no option --${name}`);
          }
          if (cmd.name === 'config' && ['get', 'set', 'unset'].includes(words[1]) && words[2] && !/^[<A-Z]/.test(words[2])) {
            if (!settings.includes(words[2]) && !settings.some((k) => k.startsWith(words[2] + '.'))) problems.push(`${at}: no setting "${words[2]}"`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    // The check reads real lines: the docs show dozens of commands.
    expect(checked).toBeGreaterThan(40);
  });

  it('a doc never tells to install the package from npm without "once published" (it is not there yet)', () => {
    const bad: string[] = [];
    for (const file of [...DOCS, ...readdirSync(join(root, 'examples', 'workflows')).map((f) => `examples/workflows/${f}`)]) {
      const lines = readFileSync(join(root, file), 'utf8').split('\n');
      lines.forEach((l, i) => {
        const registry = /npx (-y )?git-memory\b|npm (install|i) (-g )?git-memory(@|\s|$|`)|npmjs\.com\/package\/git-memory/.test(l);
        const context = lines.slice(Math.max(0, i - 2), i + 2).join(' ');
        if (registry && !/once (it is |the package is |git-memory is )?(published|on npm)/i.test(context)) bad.push(`${file}:${i + 1}: ${l.trim()}`);
      });
    }
    expect(bad).toEqual([]);
  });

  it('every `node bench|scripts|bin/…` file a doc or an npm script names exists', () => {
    const texts: Array<[string, string]> = [...DOCS, 'BENCHMARKS.md', 'bench/data/small-stores/README.md'].map((f) => [f, readFileSync(join(root, f), 'utf8')]);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    for (const [name, line] of Object.entries(pkg.scripts)) texts.push([`package.json scripts.${name}`, `node ${line.replace(/^node\s+/, '')}`]);
    const missing: string[] = [];
    let named = 0;
    for (const [where, text] of texts) {
      for (const m of text.matchAll(/\bnode\s+((?:bench|scripts|bin)\/[\w./-]+\.m?js)\b/g)) {
        named++;
        if (!existsSync(join(root, m[1]))) missing.push(`${where}: ${m[1]}`);
      }
    }
    expect(named).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
