import type * as JsYaml from 'js-yaml';

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

export class FrontMatterError extends Error {}

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
  let data: unknown;
  try {
    const yaml = yamlLibrary();
    data = yaml.load(yamlText, { schema: yaml.CORE_SCHEMA, json: true });
  } catch (err) {
    throw new FrontMatterError(`front matter is not valid YAML: ${(err as Error).message.split('\n')[0]}`);
  }
  if (data === undefined || data === null) data = {};
  if (typeof data !== 'object' || Array.isArray(data)) throw new FrontMatterError('front matter is not a mapping of keys to values');
  return { data: data as Record<string, unknown>, content, hasFrontMatter: true };
}

export function serializeFile(data: Record<string, unknown>, content: string): string {
  const clean: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) if (v !== undefined) clean[k] = v;
  const yaml = yamlLibrary();
  const front = yaml.dump(clean, { schema: yaml.CORE_SCHEMA, lineWidth: -1, noRefs: true, sortKeys: false, quotingType: '"' });
  return `---\n${front}---\n${content}`;
}
