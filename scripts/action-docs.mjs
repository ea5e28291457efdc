#!/usr/bin/env node
// The GitHub Action's inputs and outputs tables in README.md and docs/action.md, generated from
// action.yml (the one source: what the runner reads, what the Marketplace shows). Each table sits
// between `<!-- action.yml inputs -->`/`<!-- action.yml outputs -->` and `<!-- /action.yml -->`.
//
//   node scripts/action-docs.mjs          rewrites the tables
//   node scripts/action-docs.mjs --check  exits 1 (listing the files) when a table is not current
//
// test/action/docs.test.ts runs the check, so a changed action.yml cannot leave the docs behind.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DOCS = ['README.md', 'docs/action.md'];

const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ').trim();
const code = (s) => (s === '' ? '' : '`' + String(s).replace(/`/g, '') + '`');

/** The tables' Markdown, from the parsed action.yml (the same in every file). */
export function tables(manifest) {
  const desc = (d) => cell(d ?? '');
  const inputs = ['| input | default | description |', '|---|---|---|', ...Object.entries(manifest.inputs).map(([name, spec]) => `| \`${name}\` | ${code(spec.default ?? '')} | ${desc(spec.description)} |`)].join('\n');
  const outputs = ['| output | description |', '|---|---|', ...Object.entries(manifest.outputs).map(([name, spec]) => `| \`${name}\` | ${desc(spec.description)} |`)].join('\n');
  return { inputs, outputs };
}

/** `text` with its generated tables replaced; throws when a file lacks a marker. */
export function render(text, manifest, file) {
  const t = tables(manifest);
  for (const kind of ['inputs', 'outputs']) {
    const re = new RegExp(`(<!-- action\\.yml ${kind} -->\\n)[\\s\\S]*?(<!-- /action\\.yml -->)`);
    if (!re.test(text)) throw new Error(`${file}: no <!-- action.yml ${kind} --> ... <!-- /action.yml --> block`);
    text = text.replace(re, (_, a, b) => a + t[kind] + '\n' + b);
  }
  return text;
}

export function loadManifest() {
  const yaml = createRequire(import.meta.url)('js-yaml');
  return yaml.load(readFileSync(join(root, 'action.yml'), 'utf8'));
}

/** Files whose tables differ from what action.yml gives. */
export function stale() {
  const manifest = loadManifest();
  return DOCS.filter((f) => {
    const text = readFileSync(join(root, f), 'utf8');
    return render(text, manifest, f) !== text;
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--check')) {
    const s = stale();
    if (s.length) {
      process.stderr.write(`action docs out of date with action.yml: ${s.join(', ')}; run node scripts/action-docs.mjs\n`);
      process.exit(1);
    }
  } else {
    const manifest = loadManifest();
    for (const f of DOCS) writeFileSync(join(root, f), render(readFileSync(join(root, f), 'utf8'), manifest, f));
  }
}
