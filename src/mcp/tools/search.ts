import * as z from 'zod';
import { InvalidInputError } from '../../errors.js';
import { MAX_QUERY_CHARS } from '../../model/bounds.js';
import { ReadRef, count, IsoDate, MemoryPreview, Priority, Tags } from '../schemas.js';
import { clamp, defineTool, preview, renderList } from '../tool.js';

const DEFAULT = 10;
const CAP = 50;

const Mode = z.enum(['hybrid', 'vector', 'fulltext']);

const Hit = MemoryPreview.extend({
  relevance: z.number().describe('Higher is better; comparable within one response only'),
  confidence: z.number().optional().describe('0-1: how surely this memory is what the query is about; 0.5 and above is confident'),
  scores: z.object({ vector: z.number().optional(), fulltext: z.number().optional(), feedback: z.number().optional(), context: z.number().optional(), coverage: z.number().optional() }).optional(),
});
type HitOut = z.output<typeof Hit>;

export const memorySearch = defineTool({
  name: 'memory_search',
  title: 'Search memories',
  description: [
    'Search long-term memories by words, tags, category and date; best matches first.',
    'Use it before starting a task to find relevant past decisions, lessons and preferences; whenever the user refers to',
    'earlier work ("last time", "what did we decide about X", "do you remember"); before answering a question whose',
    'background is not in this conversation; and when the user asks to search memories.',
    'Filters alone (no query) list matches newest first. Filters are exact: a memory without a requested tag is never returned for it. relax: true retries a search that finds nothing without the dates, then without the tags; what that finds is listed under `weak`, never as a result.',
    'Long contents are cut; memory_get returns the full text.',
    'Confidence: `results` holds the memories that match the query confidently (`confidence` >= 0.5), `weak` the candidates below (sharing a common word or a loose meaning).',
    'Read a result before relying on it: confidence is evidence, not proof. As measured: in a large store of conversations (chat turns, CI jobs) 95 in 100 questions the memories cannot answer get an empty `results`; among the notes of a team a question next to what they say still gets a confident result, often a neighbouring note (asked whether a deleted comment can be restored, it finds the note on deleted projects): in a small store (tens of notes) about 1 in 4 still gets a confident result, among a thousand notes about 6 in 10 do; and about 1 answerable question in 6 has no confident result or another note first (7 in 10 among notes written by others in words unlike the question, and for 5 in 10 of those the right note is first in `weak`), so read the note, and check `weak` before saying you do not remember.',
  ].join(' '),
  input: z.object({
    query: z.string().max(MAX_QUERY_CHARS).optional().describe(`What to look for, in words, e.g. "rate limit" (optional; at most ${MAX_QUERY_CHARS} characters)`),
    tags: Tags.optional().describe('Only memories carrying every one of these tags'),
    category: z.string().min(1).optional().describe('Only this category'),
    priority: Priority.optional().describe('Only memories of this priority (low, medium, high)'),
    scope: z.string().min(1).optional().describe('Only memories with this scope'),
    limit: count('Maximum results', DEFAULT, CAP).optional(),
    after: IsoDate.optional().describe('Only memories stored after this ISO date, e.g. 2026-01-01'),
    before: IsoDate.optional().describe('Only memories stored before this ISO date, e.g. 2026-02-25'),
    days: z.number().positive().optional().describe('Only memories from the last N days'),
    mode: Mode.optional().describe('hybrid (meaning + words; the default when an embedder is configured), vector (meaning), or fulltext (exact words)'),
    archived: z.boolean().optional().describe('Also include memories archived by retention (default false)'),
    ref: ReadRef.optional(),
    relax: z.boolean().optional().describe('When nothing matches, retry without the dates, then without tags, then by meaning; what a dropped filter lets in is a weak candidate, never a result (default false)'),
  }),
  output: z.object({
    success: z.literal(true),
    results: z.array(Hit).describe('Confident matches only, best first'),
    weak: z.array(Hit).optional().describe('Candidates below confidence, best first: not answers'),
    nothingConfident: z.string().optional().describe('Set when no memory matches confidently (in a small store, check weak before concluding the memories hold no answer)'),
    total: z.number().int().describe('Confident matches in all (results is one page of them)'),
    mode: Mode.optional().describe('The search mode that ran'),
    fallback: z.object({ from: Mode, to: Mode, reason: z.string(), code: z.string().optional() }).optional().describe('Why the requested mode did not run'),
    relaxed: z.array(z.string()).optional().describe('With relax: the filters that were dropped to find something'),
    ignoredQuery: z.string().optional().describe('Set when the query had no searchable words: it was ignored and the filters alone listed memories newest first'),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  operation: 'search',
  async run(memory, a, ctx) {
    if (a.after && a.before && Date.parse(a.after) >= Date.parse(a.before)) {
      throw new InvalidInputError(`after (${a.after}) must be earlier than before (${a.before})`, { field: 'after' });
    }
    const { limit, ref, ...q } = a;
    // Relaxation is off by default, as on every surface (docs/search.md, "Filters and relaxation").
    const r = await memory.search({ ...q, limit: clamp(limit, DEFAULT, CAP) }, ref !== undefined ? { ref } : undefined);
    const hit = (m: (typeof r.results)[number]): HitOut => ({ ...preview(m, ctx.previewChars), relevance: m.relevance, ...(m.confidence !== undefined ? { confidence: m.confidence } : {}), ...(m.scores ? { scores: m.scores } : {}) });
    const out: {
      success: true;
      results: HitOut[];
      weak?: HitOut[];
      nothingConfident?: string;
      total: number;
      mode?: z.output<typeof Mode>;
      fallback?: { from: z.output<typeof Mode>; to: z.output<typeof Mode>; reason: string; code?: string };
      relaxed?: string[];
      ignoredQuery?: string;
    } = {
      success: true,
      results: r.results.map(hit),
      total: r.total,
    };
    if (r.weak?.length) out.weak = r.weak.map(hit);
    if (r.nothingConfident) out.nothingConfident = r.nothingConfident;
    if (r.mode) out.mode = r.mode;
    if (r.fallback) out.fallback = r.fallback;
    if (r.relaxed?.length) out.relaxed = r.relaxed;
    if (r.ignoredQuery) out.ignoredQuery = r.ignoredQuery;
    return out;
  },
  render: (r) => {
    const notes = [r.fallback ? `(${r.fallback.from} search was not available: ${r.fallback.reason}; used ${r.fallback.to})` : '', r.relaxed?.length ? `(nothing matched as asked; dropped: ${r.relaxed.join(', ')})` : '', r.ignoredQuery && !r.fallback ? `(${r.ignoredQuery})` : ''].filter(Boolean);
    const main = renderList(`${r.results.length} of ${r.total} matching memor${r.total === 1 ? 'y' : 'ies'}:${notes.length ? ' ' + notes.join(' ') : ''}`, r.results);
    // What the memories do not hold is said, and weak candidates come apart, marked as not answers.
    const none = r.nothingConfident ? `\nNothing confident: ${r.nothingConfident}.` : '';
    const weak = r.weak?.length ? '\n' + renderList(`Weak candidates (below confidence; not answers):`, r.weak) : '';
    return main + none + weak;
  },
});
