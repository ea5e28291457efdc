import type * as JsYaml from 'js-yaml';
import { FrontMatterError } from '../errors.js';
import { MAX_FRONT_MATTER_BYTES, MAX_FRONT_MATTER_NODES } from './bounds.js';

// js-yaml is required on first use, not imported: evaluating it costs about a third of a node start,
// and many commands (help, search on a cached index, sync, tools) never touch YAML. The bundler turns
// this require into a lazily evaluated module; vitest provides require in tests.
declare const require: (id: string) => unknown;
let yamlLib: typeof JsYaml | undefined;
function yamlLibrary(): typeof JsYaml {
  return (yamlLib ??= require('js-yaml') as typeof JsYaml);
}

/**
 * The on-branch file format: `---\n<YAML front matter>---\n<content>`. The content after the closing
 * delimiter is stored byte for byte, so leading/trailing whitespace and `---` lines inside it survive.
 *
 * js-yaml's CORE schema is used in both directions: it has no `!!js/*` types (nothing in a file can
 * run code) and no timestamp type (dates stay the strings they were written as). gray-matter is not
 * used: it trims the body, caches every input forever, and ships JavaScript front-matter engines.
 */
export interface ParsedFile {
  data: Record<string, unknown>;
  content: string;
  /** True when the file had a front-matter block. */
  hasFrontMatter: boolean;
}

export { FrontMatterError };

const OPEN = /^---[ \t]*\r?\n/;

export function parseFile(text: string): ParsedFile {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const open = OPEN.exec(text);
  if (!open) return { data: {}, content: text, hasFrontMatter: false };
  const close = /^---[ \t]*(?:\r?\n|$)/m;
  const rest = text.slice(open[0].length);
  const m = close.exec(rest);
  if (!m) throw new FrontMatterError('front matter is not closed by a "---" line');
  const yamlText = rest.slice(0, m.index);
  const content = rest.slice(m.index + m[0].length);
  // Branch files are untrusted: bounded size, and a bounded number of values after aliases expand.
  if (yamlText.length > MAX_FRONT_MATTER_BYTES) throw new FrontMatterError(`front matter is over ${MAX_FRONT_MATTER_BYTES} bytes`);
  let data: unknown = parsePlainFrontMatter(yamlText);
  if (data === undefined) {
    try {
      const yaml = yamlLibrary();
      data = yaml.load(yamlText, { schema: yaml.CORE_SCHEMA, json: true });
    } catch (err) {
      throw new FrontMatterError(`front matter is not valid YAML: ${(err as Error).message.split('\n')[0].slice(0, 200)}`);
    }
    assertBoundedTree(data);
  }
  if (data === undefined || data === null) data = {};
  if (typeof data !== 'object' || Array.isArray(data)) throw new FrontMatterError('front matter is not a mapping of keys to values');
  return { data: data as Record<string, unknown>, content, hasFrontMatter: true };
}

/**
 * Refuses a value tree with more than MAX_FRONT_MATTER_NODES values or nested deeper than 32 levels.
 * YAML aliases make a 400-byte text a tree of billions of values (each use of an alias counts again):
 * this walk stops at the budget, so such a file costs microseconds and is skipped, not expanded.
 */
export function assertBoundedTree(data: unknown): void {
  let budget = MAX_FRONT_MATTER_NODES;
  const walk = (v: unknown, depth: number): void => {
    if (--budget < 0) throw new FrontMatterError(`front matter expands to more than ${MAX_FRONT_MATTER_NODES} values (YAML aliases?)`);
    if (v === null || typeof v !== 'object') return;
    if (depth > 32) throw new FrontMatterError('front matter is nested more than 32 levels');
    for (const x of Array.isArray(v) ? v : Object.values(v)) walk(x, depth + 1);
  };
  walk(data, 0);
}

/**
 * Sets `o[k] = v` as an own property whatever `k` is: a plain assignment to `__proto__` replaces the
 * object's prototype instead, and so would drop a field named `__proto__` that `constructor` beside
 * it keeps. Field names from records, files and tool calls are data, kept like any other.
 */
export function setOwn(o: Record<string, unknown>, k: string, v: unknown): void {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
}

export function serializeFile(data: Record<string, unknown>, content: string): string {
  const clean: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) if (v !== undefined) setOwn(clean, k, v);
  const fast = dumpPlainFrontMatter(clean);
  if (fast !== undefined) return `---\n${fast}---\n${content}`;
  const yaml = yamlLibrary();
  const front = yaml.dump(clean, { schema: yaml.CORE_SCHEMA, lineWidth: -1, noRefs: true, sortKeys: false, quotingType: '"' });
  return `---\n${front}---\n${content}`;
}

// The fast path. Front matter as git-memory writes it (js-yaml's dump of flat fields, string lists and
// a one-level metadata map) is read without js-yaml: loading and compiling js-yaml is a large part of
// `memory get`'s start-up budget. Only a narrow, line-by-line subset is accepted, and for it the result
// is exactly what js-yaml's CORE schema (json: true) gives; anything else returns undefined and goes
// to js-yaml. test/core/codec.test.ts checks the two against each other on generated input.

/** A key: plain, or quoted (js-yaml quotes keys such as `y` or `no`), at most 64 characters. */
const K = `([A-Za-z_][A-Za-z0-9_-]{0,63}|"[ !#-[\\]-~]{0,64}"|'[ -&(-~]{0,64}')`;
const KEY = new RegExp(`^${K}:(?: (.*))?$`);
const ITEM = /^  - (.*)$/;
const ENTRY = new RegExp(`^  ${K}: (.*)$`);
/** Plain keys js-yaml would read as null or a boolean (`True:` is the key "true"), and `__proto__`. */
const NOT_PLAIN_KEY = new Set(['null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE', '__proto__']);
/** A plain (unquoted) string: a safe first character, then printable ASCII (see plainScalar for ": ", " #"). */
const PLAIN = /^[A-Za-z0-9_/][ -~]*$/;
/** Numbers in the simplest notation: their value is Number()'s, as in js-yaml. */
const INT = /^(?:0|-?[1-9][0-9]{0,14})$/;
const FLOAT = /^-?(?:0|[1-9][0-9]{0,14})\.[0-9]{1,15}$/;
/** Everything else the CORE schema may read as a number (a superset of js-yaml's int and float rules). */
const NUMBER_LIKE = /^(?:[-+]?(?:0b[01_]*|0x[0-9a-fA-F_]*|0o[0-7_]*|[0-9_]+)|[-+]?[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?|\.[0-9_]+(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const QUOTED = /^(?:"[ !#-[\]-~]*"|'[ -&(-~]*')$/;
const NO_VALUE = Symbol('no value');

/** A key as a string, or undefined when it is outside the subset. */
function keyOf(raw: string): string | undefined {
  if (raw[0] === '"' || raw[0] === "'") raw = raw.slice(1, -1);
  else if (NOT_PLAIN_KEY.has(raw)) return undefined;
  return raw === '__proto__' ? undefined : raw;
}

/** One scalar, or NO_VALUE when it is outside the subset. */
function plainScalar(s: string): unknown {
  switch (s) {
    case 'null': case 'Null': case 'NULL': case '~': return null;
    case 'true': case 'True': case 'TRUE': return true;
    case 'false': case 'False': case 'FALSE': return false;
    case '[]': return [];
    case '{}': return {};
  }
  if (QUOTED.test(s)) return s.slice(1, -1);
  if (INT.test(s) || FLOAT.test(s)) return Number(s);
  if (NUMBER_LIKE.test(s) || !PLAIN.test(s) || s.endsWith(' ') || s.endsWith(':') || s.includes(': ') || s.includes(' #')) return NO_VALUE;
  return s;
}

/** Front matter in git-memory's own shape, parsed exactly as js-yaml would; undefined for anything else. */
export function parsePlainFrontMatter(text: string): Record<string, unknown> | undefined {
  if (text === '') return {};
  if (!text.endsWith('\n') || text.includes('\r') || text.includes('\t')) return undefined;
  const lines = text.slice(0, -1).split('\n');
  const data: Record<string, unknown> = {};
  const has = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);
  for (let i = 0; i < lines.length; i++) {
    const m = KEY.exec(lines[i]);
    const key = m ? keyOf(m[1]) : undefined;
    if (!m || key === undefined || has(data, key)) return undefined;
    if (m[2] !== undefined) {
      const v = plainScalar(m[2]);
      if (v === NO_VALUE) return undefined;
      data[key] = v;
      continue;
    }
    // A block: a list of scalars, or a map of scalars, indented by two spaces.
    const first = lines[i + 1] ?? '';
    if (ITEM.test(first)) {
      const list: unknown[] = [];
      let item: RegExpExecArray | null;
      while (i + 1 < lines.length && (item = ITEM.exec(lines[i + 1]))) {
        const v = plainScalar(item[1]);
        if (v === NO_VALUE) return undefined;
        list.push(v);
        i++;
      }
      data[key] = list;
    } else if (ENTRY.test(first)) {
      const map: Record<string, unknown> = {};
      let entry: RegExpExecArray | null;
      while (i + 1 < lines.length && (entry = ENTRY.exec(lines[i + 1]))) {
        const k = keyOf(entry[1]);
        if (k === undefined || has(map, k)) return undefined;
        const v = plainScalar(entry[2]);
        if (v === NO_VALUE) return undefined;
        map[k] = v;
        i++;
      }
      data[key] = map;
    } else return undefined;
  }
  return data;
}

// The same subset written without js-yaml: what `memory store` and an import write is flat fields,
// string lists and a one-level metadata map of plain scalars. For those, the text below is exactly
// js-yaml's dump (CORE schema, no line width, double quotes): test/core/codec.test.ts compares the two
// on generated values. Anything else (a string that needs quotes, a float, deeper nesting) goes to
// js-yaml, whose load and dump were 7% of an import of 1,000,000 memories and part of every store.

/** Words js-yaml quotes: the CORE schema's null and booleans, and YAML 1.1's booleans (compat mode). */
const QUOTED_WORDS = new Set(['null', 'Null', 'NULL', '~', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE', 'y', 'Y', 'yes', 'Yes', 'YES', 'n', 'N', 'no', 'No', 'NO', 'on', 'On', 'ON', 'off', 'Off', 'OFF']);
const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/;

/** YAML 1.1's base-60 numbers (`1:20`, `190:20:30.5`): js-yaml quotes what looks like one. */
const SEXAGESIMAL_LIKE = /^[-+]?[0-9_][0-9_.]*:[0-9_.:]*$/;

function plainString(s: string): boolean {
  return PLAIN.test(s) && !NUMBER_LIKE.test(s) && !SEXAGESIMAL_LIKE.test(s) && !QUOTED_WORDS.has(s) && !s.endsWith(' ') && !s.endsWith(':') && !s.includes(': ') && !s.includes(' #');
}

/** A scalar as js-yaml dumps it in this subset, or undefined. */
function dumpScalar(v: unknown): string | undefined {
  if (typeof v === 'string') return plainString(v) ? v : undefined;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v === null) return 'null';
  if (typeof v === 'number' && Number.isSafeInteger(v) && !Object.is(v, -0) && INT.test(String(v))) return String(v);
  return undefined;
}

function plainKey(k: string): boolean {
  return PLAIN_KEY.test(k) && !QUOTED_WORDS.has(k) && k !== '__proto__';
}

/** Front matter in git-memory's own shape, as js-yaml would dump it; undefined for anything else. */
export function dumpPlainFrontMatter(data: Record<string, unknown>): string | undefined {
  if (!Object.keys(data).length) return '{}\n';
  let out = '';
  for (const [k, v] of Object.entries(data)) {
    if (!plainKey(k)) return undefined;
    if (Array.isArray(v)) {
      if (!v.length) {
        out += `${k}: []\n`;
        continue;
      }
      out += `${k}:\n`;
      for (const x of v) {
        const s = dumpScalar(x);
        if (s === undefined) return undefined;
        out += `  - ${s}\n`;
      }
      continue;
    }
    if (v !== null && typeof v === 'object') {
      const proto = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) return undefined;
      const entries = Object.entries(v);
      if (!entries.length) {
        out += `${k}: {}\n`;
        continue;
      }
      out += `${k}:\n`;
      for (const [ek, ev] of entries) {
        const s = plainKey(ek) && !Array.isArray(ev) ? dumpScalar(ev) : undefined;
        if (s === undefined) return undefined;
        out += `  ${ek}: ${s}\n`;
      }
      continue;
    }
    const s = dumpScalar(v);
    if (s === undefined) return undefined;
    out += `${k}: ${s}\n`;
  }
  return out;
}
