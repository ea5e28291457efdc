import * as z from 'zod';
import { CitationOut, Id } from '../schemas.js';
import { defineTool } from '../tool.js';

const Citation = CitationOut.extend({
  now: z.object({ path: z.string(), lines: z.tuple([z.number().int(), z.number().int()]), text: z.string() }).optional().describe('changed: the code at the cited place now (a few lines around the old range)'),
});

export const memoryVerify = defineTool({
  name: 'memory_verify',
  title: 'Verify cited code',
  description: [
    'Check whether the code the memories cite is still what they describe, at a ref (default the checkout HEAD): each citation is valid, moved (see at), changed (see hunk and now: the current code there), gone, invalid or unknown.',
    'Use it before relying on memories about code, or on a pull request with since (the base ref).',
    'For a changed or gone citation, read now/hunk and memory_update the memory with the corrected text and citation. Read-only: it changes nothing.',
  ].join(' '),
  input: z.object({
    ref: z.string().min(1).max(256).optional().describe('Ref or commit to check at (default HEAD)'),
    since: z.string().min(1).max(256).optional().describe('Only memories whose cited lines changed between this base ref and ref'),
    ids: z.array(Id).max(1000).optional().describe('Only these memories'),
  }),
  output: z.object({
    success: z.literal(true),
    ref: z.string(),
    commit: z.string(),
    memories: z.array(z.object({ id: z.string(), citations: z.array(Citation) })),
    since: z.object({ ref: z.string(), commit: z.string() }).optional(),
    counts: z.record(z.string(), z.number()),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  operation: 'verify',
  async run(memory, a) {
    const r = await memory.verify({ ...(a.ref !== undefined ? { ref: a.ref } : {}), ...(a.since !== undefined ? { since: a.since } : {}), ...(a.ids !== undefined ? { ids: a.ids } : {}), code: true });
    return r;
  },
  render: (r) => {
    const c = r.counts;
    const head = `${c.citations ?? 0} citations in ${c.memories ?? 0} memories at ${r.commit.slice(0, 12)}: ${['valid', 'moved', 'changed', 'gone', 'invalid', 'unknown'].map((k) => `${c[k] ?? 0} ${k}`).join(', ')}`;
    const rows = r.memories.flatMap((m) => m.citations.filter((x) => x.state !== 'valid').map((x) => `${m.id} ${x.path}:${x.lines.join('-')} ${x.state}`));
    return [head, ...rows.slice(0, 50)].join('\n');
  },
});
