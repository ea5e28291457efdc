import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tools } from '../../src/mcp/tools/index.js';
import { inputSchema, outputSchema } from '../../src/mcp/definitions.js';

// The tool tables of README.md and docs/mcp.md name each tool's arguments and result keys: they must
// be the schema's. Arguments: exactly the input schema's properties, `?` exactly on the optional ones.
// Results: exactly the output schema's top-level keys (a row with "…" or per-action variants lists a
// part of them, each of which must exist), and the keys of the items it spells out (`results: [{ … }]`).
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

type Schema = { properties?: Record<string, Schema>; required?: string[]; items?: Schema; anyOf?: Schema[] };

/** The keys at the top level of `{ a, b: [{ c }], d? }` (nested braces and brackets skipped), `?` kept. */
function topKeys(s: string): string[] {
  let depth = 0;
  let cur = '';
  const out: string[] = [];
  for (const ch of s.slice(s.indexOf('{') + 1, s.lastIndexOf('}'))) {
    if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') depth--;
    if (depth === 0 && ch === ',') {
      out.push(cur);
      cur = '';
    } else if (depth === 0) cur += ch;
  }
  out.push(cur);
  // `…memory` (the memory's own fields) and a bare `…` stand for keys checked elsewhere.
  return out.map((k) => k.trim().split(':')[0].trim()).filter((k) => k && !k.startsWith('…'));
}

function rows(file: string): Array<{ tool: string; args: string; result: string }> {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/^\| `(memory_\w+)` \| (.*?) \| (.*?) \| [^|]*\|$/gm)].map((m) => ({ tool: m[1], args: m[2], result: m[3] }));
}

const objectOf = (s: Schema | undefined): Schema | undefined => (s?.properties ? s : s?.anyOf?.find((x) => x.properties));

describe.each(['README.md', 'docs/mcp.md'])('the MCP tool table of %s', (file) => {
  const table = rows(file);

  it('lists every tool', () => {
    expect(table.map((r) => r.tool)).toEqual(tools.map((t) => t.name));
  });

  it.each(tools.map((t) => [t.name, t] as const))('%s: the arguments are the input schema', (name, t) => {
    const row = table.find((r) => r.tool === name)!;
    const schema = inputSchema(t) as Schema;
    const documented = row.args === '—' ? [] : [...row.args.matchAll(/`(\w+)(\??)`/g)].map((m) => m[1] + m[2]);
    const required = new Set(schema.required ?? []);
    const actual = Object.keys(schema.properties ?? {}).map((k) => k + (required.has(k) ? '' : '?'));
    expect(documented.sort()).toEqual(actual.sort());
  });

  it.each(tools.map((t) => [t.name, t] as const))('%s: the result keys are the output schema\'s', (name, t) => {
    const row = table.find((r) => r.tool === name)!;
    const schema = outputSchema(t) as Schema;
    const props = schema.properties ?? {};
    const required = new Set(schema.required ?? []);
    const variants = [...row.result.matchAll(/`(\{[^`]*\})`/g)].map((m) => m[1]);
    expect(variants.length).toBeGreaterThan(0);
    const partial = variants.length > 1 || row.result.includes('…');
    for (const v of variants) {
      const keys = topKeys(v);
      for (const k of keys) {
        const bare = k.replace(/\?$/, '');
        expect(Object.keys(props), `${k} in ${file}`).toContain(bare);
        // `?` on exactly the keys a response may leave out (per-action variants name what each has).
        if (variants.length === 1) expect(k.endsWith('?'), `${k} in ${file}`).toBe(!required.has(bare));
        // Items spelled out (`results: [{ id, … }]`, `memory: { … }`): each key exists.
        const inner = new RegExp(`\\b${bare}\\??: \\[?(\\{[^\\]]*\\})`).exec(v)?.[1];
        const item = objectOf(props[bare]?.items) ?? objectOf(props[bare]);
        if (inner && item) for (const ik of topKeys(inner)) expect(Object.keys(item.properties ?? {}), `${bare}.${ik} in ${file}`).toContain(ik.replace(/\?$/, ''));
      }
      if (!partial) expect(keys.map((k) => k.replace(/\?$/, '')).sort(), file).toEqual(Object.keys(props).sort());
    }
  });
});
