import * as z from 'zod';
import type { GitMemory } from '../../core/api.js';
import { InvalidInputError, MemoryError } from '../../core/errors.js';
import type { SearchQuery, SearchResponse } from '../../core/search-types.js';
import { count, IsoDate, MemoryPreview, Tags } from '../schemas.js';
import { clamp, defineTool, preview, renderList } from '../tool.js';

const DEFAULT = 10;
const CAP = 50;

type Searchable = GitMemory & { search?: (q: SearchQuery) => Promise<SearchResponse> };

export const memorySearch = defineTool({
  name: 'memory_search',
  title: 'Search memories',
  description: [
    'Search long-term memories by words, tags, category and date; best matches first.',
    'Use it before starting a task to find relevant past decisions, lessons and preferences; whenever the user refers to',
    'earlier work ("last time", "what did we decide about X", "do you remember"); before answering a question whose',
    'background is not in this conversation; and when the user asks to search memories.',
    'Filters alone (no query) list matches newest first. If nothing is found, retry with fewer words, then without filters.',
    'Long contents are cut; memory_get returns the full text.',
  ].join(' '),
  input: z.object({
    query: z.string().optional().describe('Words to look for, e.g. "rate limit" (optional)'),
    tags: Tags.optional().describe('Only memories carrying every one of these tags'),
    category: z.string().min(1).optional().describe('Only this category'),
    scope: z.string().min(1).optional().describe('Only memories with this scope'),
    limit: count('Maximum results', DEFAULT, CAP).optional(),
    after: IsoDate.optional().describe('Only memories stored after this ISO date, e.g. 2026-01-01'),
    before: IsoDate.optional().describe('Only memories stored before this ISO date, e.g. 2026-02-25'),
  }),
  output: z.object({
    success: z.literal(true),
    results: z.array(MemoryPreview.extend({ relevance: z.number().describe('Higher is better; comparable within one response only') })),
    total: z.number().int(),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  access: 'read',
  async run(memory: Searchable, a, ctx) {
    if (a.after && a.before && Date.parse(a.after) >= Date.parse(a.before)) {
      throw new InvalidInputError(`after (${a.after}) must be earlier than before (${a.before})`, { field: 'after' });
    }
    // The library object's search when it has one, else the store's (same query and result shapes).
    const core = memory.core as unknown as { search?: (q: SearchQuery) => Promise<SearchResponse> };
    const search = typeof memory.search === 'function' ? memory.search.bind(memory) : typeof core.search === 'function' ? core.search.bind(core) : null;
    if (!search) throw new MemoryError('INDEX_ERROR', 'search is not available in this build of git-memory; use memory_list');
    const r = await search({ query: a.query, tags: a.tags, category: a.category, scope: a.scope, after: a.after, before: a.before, limit: clamp(a.limit, DEFAULT, CAP) });
    return { success: true as const, results: r.results.map((m) => ({ ...preview(m, ctx.previewChars), relevance: m.relevance })), total: r.total };
  },
  render: (r) => renderList(`${r.results.length} of ${r.total} matching memor${r.total === 1 ? 'y' : 'ies'}:`, r.results),
});
