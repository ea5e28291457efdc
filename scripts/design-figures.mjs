// docs/DESIGN.md's figures that come from the code: each one read from the source it describes, and
// written into the block between the `design-figures` markers, so the design cannot say one value while
// the code holds another. Measured figures are not here: DESIGN.md links BENCHMARKS.md's sections.
// `--check` also fails when DESIGN.md names a file under src/, test/, scripts/ or bench/ that does not
// exist.
//
//   node scripts/design-figures.mjs           # rewrite the block in docs/DESIGN.md
//   node scripts/design-figures.mjs --check   # exit 1 when the block is not current or a named file is missing
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAYERS } from './import-graph.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const designPath = join(root, 'docs', 'DESIGN.md');
const BEGIN = '<!-- design-figures:begin (node scripts/design-figures.mjs writes this block; do not edit) -->';
const END = '<!-- design-figures:end -->';

/** The value of `const NAME = <number expression>` in a source file (digits, `_`, `*` only). */
function constant(file, name) {
  const text = readFileSync(join(root, 'src', file), 'utf8');
  const m = text.match(new RegExp(`(?:^|\\n)\\s*(?:export )?const ${name}(?:: [\\w ]+)? = ([\\d_ .*<]+);`));
  if (!m) throw new Error(`design-figures: no \`const ${name} = <number>\` in src/${file}: the figure moved; update the script`);
  const expr = m[1].replace(/_/g, '');
  if (expr.includes('<<')) { const [a, b] = expr.split('<<').map((x) => Number(x.trim())); return a * 2 ** b; }
  return expr.split('*').reduce((a, x) => a * Number(x.trim()), 1);
}

/** The push retry's delay, `return A + Math.random() * Math.min(B, C * 2 ** attempt)` in src/sync/context.ts. */
function retryDelay() {
  const text = readFileSync(join(root, 'src', 'sync', 'context.ts'), 'utf8');
  const m = text.match(/return (\d+) \+ Math\.random\(\) \* Math\.min\((\d+), (\d+) \* 2 \*\* attempt\);/);
  if (!m) throw new Error('design-figures: no retry delay formula in src/sync/context.ts');
  return `${m[1]} ms + random × min(${Number(m[2]) / 1000} s, ${m[3]} ms × 2^attempt)`;
}

/** DEFAULT_BM25's k1, b, idfPow and coord. */
function bm25() {
  const text = readFileSync(join(root, 'src', 'search', 'bm25.ts'), 'utf8');
  const m = text.match(/export const DEFAULT_BM25: Bm25Params = \{([^}]*)\}/);
  if (!m) throw new Error('design-figures: no DEFAULT_BM25 in src/search/bm25.ts');
  const v = (k) => Number(m[1].match(new RegExp(`\\b${k}: ([\\d.]+)`))[1]);
  return `${v('k1')}, ${v('b')}, ${v('idfPow')}, ${v('coord')}`;
}

/** A default from the settings schema (src/model/config-defaults.ts), `section: { key: <number> }`. */
function setting(section, key) {
  const text = readFileSync(join(root, 'src', 'model', 'config-defaults.ts'), 'utf8');
  const m = text.match(new RegExp(`\\n\\s*${section}: \\{[^}]*\\b${key}: ([\\d_.]+)`));
  if (!m) throw new Error(`design-figures: no default ${section}.${key} in src/model/config-defaults.ts`);
  return Number(m[1].replace(/_/g, ''));
}

const files = (dir, re = /\.ts$/) => readdirSync(join(root, 'src', dir)).filter((f) => re.test(f));
const n = (x) => x.toLocaleString('en-US');
const bytes = (x) => (x % (1024 * 1024) === 0 ? `${x / 1024 / 1024} MiB` : x % 1024 === 0 ? `${x / 1024} KiB` : `${n(x)} bytes`);
const seconds = (ms) => `${ms / 1000} s`;

/** [what, value, where it is read from]. */
export function figures() {
  return [
    ['layers in the import table (lowest first)', `${LAYERS.length}: ${LAYERS.map((l) => l.name).join(', ')}`, 'scripts/import-graph.mjs `LAYERS`'],
    ['MCP tools', String(files('mcp/tools').filter((f) => f !== 'index.ts').length), 'src/mcp/tools/*.ts'],
    ['native id: `mem_` + time characters + random characters (base32)', `${constant('model/id.ts', 'TIME_CHARS')} + ${constant('model/id.ts', 'RANDOM_CHARS')} (${constant('model/id.ts', 'RANDOM_CHARS') * 5} random bits)`, 'src/model/id.ts'],
    ['a git child\'s stdout at most', bytes(constant('git/cli.ts', 'DEFAULT_MAX')), 'src/git/cli.ts'],
    ['MCP result caps: search / recent / list / history / trash', ['search', 'recent', 'list', 'history', 'trash'].map((t) => constant(`mcp/tools/${t}.ts`, 'CAP')).join(' / '), 'src/mcp/tools/*.ts `CAP`'],
    ['MCP preview of a content (`--preview-chars`)', `${n(constant('mcp/tool.ts', 'DEFAULT_PREVIEW_CHARS'))} characters`, 'src/mcp/tool.ts'],
    ['values of one array option (`--tags a --tags b`)', n(constant('cli/parse.ts', 'MAX_ARRAY_OPTION_VALUES')), 'src/cli/parse.ts'],
    ['a ref lock left by a killed process is taken over after', seconds(constant('git/refs.ts', 'STALE_LOCK_MS')), 'src/git/refs.ts'],
    ['push retries of a sync (`sync.retries`) / of the Action at least', `${setting('sync', 'retries')} / ${constant('action/execute.ts', 'MIN_RETRIES')}`, 'src/model/config-defaults.ts, src/action/execute.ts'],
    ['delay before a rejected push is retried', retryDelay(), 'src/sync/context.ts'],
    ['first writes fetch no trees from a branch claiming at least', `${n(constant('sync/fetch.ts', 'TREELESS_FROM'))} memories`, 'src/sync/fetch.ts'],
    ['a fold looks for replays in the branch\'s last', `${n(constant('sync/union.ts', 'PUBLISHED_SCAN'))} first parents`, 'src/sync/union.ts'],
    ['files of one id the segment header lists', n(constant('search/segment/format.ts', 'MAX_DUPES')), 'src/search/segment/format.ts'],
    ['de-duplication log lines before a new base', n(constant('guards/fingerprints.ts', 'LOG_LIMIT')), 'src/guards/fingerprints.ts'],
    ['an import compresses on worker threads from record', n(constant('lifecycle/importer.ts', 'WORKERS_FROM')), 'src/lifecycle/importer.ts'],
    ['a full index build uses worker threads from file / in runs of', `${n(constant('search/parallel-build.ts', 'PARALLEL_FROM'))} / ${n(constant('search/parallel-build.ts', 'RUN'))} files`, 'src/search/parallel-build.ts'],
    ['a memory\'s content / front matter at most', `${bytes(constant('model/memory.ts', 'MAX_CONTENT_BYTES'))} / ${bytes(constant('model/bounds.ts', 'MAX_FRONT_MATTER_BYTES'))}`, 'src/model/memory.ts, src/model/bounds.ts'],
    ['a search embeds missing vectors for at most', seconds(constant('vector/store-vectors.ts', 'SEARCH_EMBED_BUDGET_MS')), 'src/vector/store-vectors.ts'],
    ['hybrid blend: weight of the cosine (`hybrid.vectorWeight`; BM25 gets the rest)', String(setting('hybrid', 'vectorWeight')), 'src/model/config-defaults.ts'],
    ['full-text ranking (BM25): k1, b, idf power, coordination power', bm25(), 'src/search/bm25.ts `DEFAULT_BM25`'],
    ['confidence: coverage line (full text / hybrid), semantic standard score, nearest gap, page support', `${constant('search/confidence.ts', 'MIN_COVERAGE')} / ${constant('search/confidence.ts', 'HYBRID_MIN_COVERAGE')}, z ≥ ${constant('search/confidence.ts', 'SEMANTIC_Z')}, ${constant('search/confidence.ts', 'NEAREST_GAP')} × threshold, ${constant('search/confidence.ts', 'SUPPORT_SEMANTIC')} × threshold`, 'src/search/confidence.ts'],
    ['open stores a search helper keeps', String(constant('daemon/server.ts', 'MAX_STORES')), 'src/daemon/server.ts'],
    ['a citation keeps the cited text up to', `${constant('citations/model.ts', 'MAX_TEXT_LINES')} lines / ${bytes(constant('citations/model.ts', 'MAX_TEXT_BYTES'))}`, 'src/citations/model.ts'],
  ];
}

export function block() {
  const rows = figures().map(([what, value, from]) => `| ${what} | ${value} | ${from} |`);
  return [BEGIN, '| figure | value | read from |', '|---|---|---|', ...rows, END].join('\n');
}

/** Files DESIGN.md names under src/, test/, scripts/ and bench/ that do not exist. */
export function missingFiles(text) {
  const named = new Set(text.match(/\b(?:src|test|scripts|bench)\/[\w./-]*\w/g) ?? []);
  return [...named].filter((p) => !existsSync(join(root, p)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = readFileSync(designPath, 'utf8');
  const at = text.indexOf(BEGIN), end = text.indexOf(END);
  if (at < 0 || end < at) { console.error(`design-figures: docs/DESIGN.md has no block between ${BEGIN} and ${END}`); process.exit(1); }
  const next = text.slice(0, at) + block() + text.slice(end + END.length);
  const missing = missingFiles(text);
  if (process.argv.includes('--check')) {
    let failed = false;
    if (next !== text) { console.error('design-figures: the figures block in docs/DESIGN.md is not current: run node scripts/design-figures.mjs'); failed = true; }
    for (const p of missing) { console.error(`design-figures: docs/DESIGN.md names ${p}, which does not exist`); failed = true; }
    if (!failed) console.log('design-figures: docs/DESIGN.md figures current, every named file exists');
    process.exit(failed ? 1 : 0);
  }
  writeFileSync(designPath, next);
  for (const p of missing) console.error(`design-figures: docs/DESIGN.md names ${p}, which does not exist`);
  console.log(`design-figures: wrote ${figures().length} figures into docs/DESIGN.md`);
}
