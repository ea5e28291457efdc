// Words that stay true: the code, the docs, the test names and the benchmarks' headers say what the
// system is and why, not the history of the work on it (which issue, which session or review picked
// a value, "was X, now Y"). That history lives in git, CHANGELOG.md and BENCHMARKS.md, which are not
// scanned. A citation of a BENCHMARKS.md section by its title (`BENCHMARKS.md, "<title>"`) must name a
// section that exists, and its title is scanned like the rest: a section cited from the code or the docs
// is named for what it measures, not for when.
//
// Scanned: src/ (whole files), README.md and docs/*.md (whole files), test/ (file names, comments and
// the titles of describe/it/test), bench/*.mjs (the header comment above the first line of code).
//
//   node scripts/check-words.mjs              # list the findings, exit 1 if any
//   node scripts/check-words.mjs --self-test  # plants each kind of wrong in a scanned place (in
//                                             # memory) and exits 1 unless every one is caught
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const ORDINAL = 'second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth';
/** The history of the work, as it tends to be written. Small on purpose: each one is unambiguous. */
export const PATTERNS = [
  { name: 'issue number', re: /\bissues?\s+#?\d+\b/gi },
  { name: 'issue reference', re: /(?<![&\w/#])#(?!\d{3}\b|\d{6}\b)\d{1,4}\b(?![\w-])/g },  // not a colour (#333)
  { name: 'work session', re: new RegExp(`\\b(?:(?:${ORDINAL})\\s+(?:session|round)|which\\s+session|session\\s+\\d+)\\b`, 'gi') },
  { name: 'review name', re: /\breview-?(?:safety|twins|\d+)\b/gi },
  { name: 'was … now', re: /\bwas\s[^.;:]{1,40},\snow\b/gi },
  { name: 'was …', re: /\((?:was|were)\s(?![=!<>])[^()]{1,40}[;)]|\b(?:before|after)\sthis\schange\b|\b(?:it|which|that|they)\sused\sto\b/gi },
];

/** Headings of BENCHMARKS.md, whitespace-normalised. */
function benchmarkTitles(text) {
  return text.split('\n').filter((l) => /^#{1,4} /.test(l)).map((l) => norm(l.replace(/^#+ /, '')));
}
const norm = (s) => s.replace(/\s+/g, ' ').trim();

/** Checks each `BENCHMARKS.md, "<title>"` citation names a section (a title that names none is a finding). */
function maskCitations(text, titles, findings, file, lineOf) {
  // `BENCHMARKS.md, "A"`, `BENCHMARKS.md "A" and "B"`, `BENCHMARKS.md, "A"; "B"` (a title may wrap).
  const re = /BENCHMARKS\.md(?:[,;:]|,? section| \()?[\s*/#]*"[^"]{1,160}"(?:(?:,| and| or|;)[\s*/#]*"[^"]{1,160}")*/g;
  return text.replace(re, (whole, at) => whole.replace(/"([^"]*)"/g, (quoted, title) => {
    const t = norm(title.replace(/\n\s*(?:\/\/|\*|#)?/g, ' '));
    if (!titles.some((h) => h.startsWith(t))) findings.push({ file, line: lineOf(at), kind: 'no such BENCHMARKS.md section', text: t });
    return quoted;
  }));
}

function lineIndex(text) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return (at) => {
    let lo = 0, hi = starts.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (starts[mid] <= at) lo = mid; else hi = mid - 1; }
    return lo + 1;
  };
}

/** The parts of a test file that are words rather than code: comments and test titles (others blanked). */
function testWords(text) {
  return text.split('\n').map((line) => {
    const keep = [];
    const comment = line.match(/(?:^|\s)(\/\/.*|\/\*.*|^\s*\*.*|^\s*#.*)$/);
    if (comment) keep.push([line.length - comment[1].length, comment[1]]);
    for (const m of line.matchAll(/\b(?:describe|it|test|bench)(?:\.\w+)*\(\s*(['"`])((?:\\.|(?!\1).)*)\1/g)) keep.push([m.index + m[0].length - m[2].length - 1, m[2]]);
    const out = Array.from(line, () => ' ');
    for (const [at, s] of keep) for (let i = 0; i < s.length; i++) out[at + i] = s[i];
    return out.join('');
  }).join('\n');
}

/** The header comment of a bench script: the comment lines before its first line of code. */
function benchHeader(text) {
  const lines = text.split('\n');
  let n = 0;
  while (n < lines.length && (/^\s*(\/\/|\/\*|\*|#!)/.test(lines[n]) || lines[n].trim() === '')) n++;
  return lines.slice(0, n).join('\n');
}

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) { if (name !== 'node_modules' && name !== 'data') walk(p, out); } else out.push(p);
  }
  return out;
}

/** What is scanned, as [path relative to the root, the text that is scanned]. */
export function scannedTexts() {
  const texts = [];
  const read = (p) => readFileSync(p, 'utf8');
  for (const p of walk(join(root, 'src'))) if (/\.(ts|mjs|js|css|html)$/.test(p)) texts.push([relative(root, p), read(p)]);
  texts.push(['README.md', read(join(root, 'README.md'))]);
  for (const p of walk(join(root, 'docs'))) if (p.endsWith('.md')) texts.push([relative(root, p), read(p)]);
  for (const p of walk(join(root, 'test'))) {
    const rel = relative(root, p);
    texts.push([`${rel} (file name)`, basename(p)]);
    if (/\.(ts|mjs|js|py)$/.test(p)) texts.push([rel, testWords(read(p))]);
    else if (p.endsWith('.md') || basename(p) === 'gitconfig') texts.push([rel, read(p)]);
  }
  for (const p of walk(join(root, 'bench'))) if (p.endsWith('.mjs')) texts.push([relative(root, p), benchHeader(read(p))]);
  return texts;
}

export function findings(texts, titles) {
  const found = [];
  for (const [file, raw] of texts) {
    const lineOf = lineIndex(raw);
    const text = maskCitations(raw, titles, found, file, lineOf);
    for (const { name, re } of PATTERNS) {
      for (const m of text.matchAll(re)) found.push({ file, line: lineOf(m.index), kind: name, text: m[0] });
    }
  }
  return found;
}

function selfTest(texts, titles) {
  const plants = [
    ['src/search/hybrid.ts', '/** The weight picked in issue 25. */', 'issue number'],
    ['docs/DESIGN.md', 'The cache (#29) is signed.', 'issue reference'],
    ['docs/search.md', 'Measured in the tenth session.', 'work session'],
    ['test/sync/review-safety.test.ts (file name)', 'review-safety.test.ts', 'review name'],
    ['test/sync/fold-safety.test.ts', "  it('the ninth round lines', () => {", 'work session'],
    ['test/sync/fold-safety.test.ts', '  // Issue 24: a delete stays deleted.', 'issue number'],
    ['bench/sync.mjs', '// The default was 16, now 32.', 'was … now'],
    ['docs/daemon.md', 'It waits 2 s (was 30 s).', 'was …'],
    ['docs/hybrid.md', '(BENCHMARKS.md, "#99 no such section")', 'no such BENCHMARKS.md section'],
    ['docs/sync.md', '(BENCHMARKS.md, "Index cache: signed files and layout checks (#37)")', 'issue reference'],
  ];
  let failed = 0;
  const base = findings(texts, titles).length;
  for (const [file, line, kind] of plants) {
    const planted = texts.map(([f, t]) => [f, t]);
    const i = planted.findIndex(([f]) => f === file);
    const words = file.startsWith('test/') && !file.endsWith('(file name)') ? testWords(line) : line;
    if (i < 0) planted.push([file, words]); else planted[i] = [file, `${planted[i][1]}\n${words}`];
    const caught = findings(planted, titles).filter((f) => f.file === file && f.kind === kind);
    const ok = caught.length > 0 && findings(planted, titles).length > base;
    console.log(`${ok ? 'caught' : 'MISSED'}: ${kind} in ${file}: ${line.trim()}`);
    if (!ok) failed++;
  }
  // And what must pass: a section's title quoted from BENCHMARKS.md, an MCP session, a colour.
  const clean = [['docs/x.md', `(BENCHMARKS.md, "${titles.find((t) => t.startsWith('Treeless first writes')) ?? titles[0]}") at one session per server; color: #333; &#39;`]];
  const wrong = findings(clean, titles);
  for (const f of wrong) console.log(`FALSE FINDING: ${f.kind}: ${f.text}`);
  return failed + wrong.length;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const texts = scannedTexts();
  const titles = benchmarkTitles(readFileSync(join(root, 'BENCHMARKS.md'), 'utf8'));
  if (process.argv.includes('--self-test')) {
    const failed = selfTest(texts, titles);
    console.log(failed ? `check-words self-test: ${failed} not as expected` : 'check-words self-test: every planted wrong caught');
    process.exit(failed ? 1 : 0);
  }
  const found = findings(texts, titles);
  for (const f of found) console.log(`${f.file}:${f.line}: ${f.kind}: ${f.text}`);
  console.log(found.length ? `check-words: ${found.length} place(s) tell the history of the work (CHANGELOG.md and BENCHMARKS.md are where it goes)` : 'check-words: no history of the work in src/, docs/, test names and comments, bench headers');
  process.exit(found.length ? 1 : 0);
}
