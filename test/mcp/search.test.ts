import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { errorCode, structured, text } from './client.js';
import { connectIn as connect } from './in-process.js';

describe('memory mcp: memory_search', () => {
  it('ranks matches, filters by tags/category/dates, caps and truncates', async () => {
    const repo = makeRepo();
    const put = async (content: string, ...args: string[]) => (await runCli(repo, ['store', content, '--json', ...args])).json.id as string;
    const rate = await put('The API rate limit is 100 requests per minute; back off on 429', '--tags', 'api,limits', '--category', 'infrastructure');
    const vpn = await put('Deploys to production need the VPN', '--tags', 'deploy');
    const ts = await put('The user prefers TypeScript over JavaScript', '--tags', 'preferences');
    const long = await put(`Rate limit notes: ${'retry with exponential backoff. '.repeat(200)}`, '--tags', 'api');
    const { client } = await connect(repo, { previewChars: 300 });

    const r = await client.callTool({ name: 'memory_search', arguments: { query: 'rate limit' } });
    const s = structured(r);
    expect(s.success).toBe(true);
    expect(s.total).toBe(2);
    expect(s.results.map((x: any) => x.id).sort()).toEqual([rate, long].sort());
    for (const x of s.results) {
      expect(Object.keys(x)).toEqual(expect.arrayContaining(['id', 'content', 'tags', 'category', 'priority', 'timestamp', 'relevance']));
      expect(x.relevance).toBeGreaterThan(0);
    }
    expect(s.results[0].relevance).toBeGreaterThanOrEqual(s.results[1].relevance);
    const cut = s.results.find((x: any) => x.id === long);
    expect(cut.truncated).toBe(true);
    expect(cut.content).toContain(`call memory_get with id "${long}"`);
    expect(text(r)).toContain(rate);

    expect(structured(await client.callTool({ name: 'memory_search', arguments: { query: 'rate limit', category: 'infrastructure' } })).results.map((x: any) => x.id)).toEqual([rate]);
    expect(structured(await client.callTool({ name: 'memory_search', arguments: { tags: ['deploy'] } })).results.map((x: any) => x.id)).toEqual([vpn]);
    expect(structured(await client.callTool({ name: 'memory_search', arguments: { query: 'typescript', limit: 1 } })).results.map((x: any) => x.id)).toEqual([ts]);
    expect(structured(await client.callTool({ name: 'memory_search', arguments: { query: 'rate', limit: 1 } })).results).toHaveLength(1);
    expect(structured(await client.callTool({ name: 'memory_search', arguments: { query: 'rate limit', before: '2000-01-01', relax: false } })).total).toBe(0);
    // Relaxed, what the dropped date range lets in is weak: hints, not results.
    const relaxedDates = structured(await client.callTool({ name: 'memory_search', arguments: { query: 'rate limit', before: '2000-01-01', relax: true } }));
    expect(relaxedDates.total).toBe(0);
    expect(relaxedDates.weak).toHaveLength(2);
    expect(relaxedDates.relaxed.length).toBeGreaterThan(0);
    expect(structured(await client.callTool({ name: 'memory_search', arguments: { query: 'rate limit', after: '2000-01-01' } })).total).toBe(2);
    expect(errorCode(await client.callTool({ name: 'memory_search', arguments: { after: '2026-02-01', before: '2026-01-01' } }))).toBe('INVALID_INPUT');
    expect(errorCode(await client.callTool({ name: 'memory_search', arguments: { query: 42 } }))).toBe('INVALID_INPUT');
    // Modes: without an embedder (tests pin MEMORY_EMBEDDER=none) hybrid falls back to full text and says so.
    const hy = await client.callTool({ name: 'memory_search', arguments: { query: 'rate limit', mode: 'hybrid' } });
    expect(structured(hy)).toMatchObject({ mode: 'fulltext', fallback: { from: 'hybrid', to: 'fulltext' } });
    expect(text(hy)).toMatch(/hybrid search was not available/);
    expect(structured(await client.callTool({ name: 'memory_search', arguments: { query: 'rate limit', mode: 'fulltext' } })).total).toBe(2);
    // A query with no searchable words is set aside, and the agent is told so.
    const noWords = await client.callTool({ name: 'memory_search', arguments: { query: '((( ? )))', mode: 'fulltext' } });
    expect(structured(noWords).ignoredQuery).toMatch(/no searchable words/);
    expect(text(noWords)).toMatch(/no searchable words/);
    expect(structured(await client.callTool({ name: 'memory_search', arguments: { query: 'rate limit', mode: 'fulltext' } })).ignoredQuery).toBeUndefined();
    expect(errorCode(await client.callTool({ name: 'memory_search', arguments: { query: 'x', mode: 'semantic' } }))).toBe('INVALID_INPUT');
    // relax: a tag filter that matches nothing is dropped, and the response says so.
    const rl = structured(await client.callTool({ name: 'memory_search', arguments: { query: 'VPN', tags: ['nope'], relax: true } }));
    expect(rl.results).toEqual([]);
    expect(rl.weak.map((x: any) => x.id)).toEqual([vpn]);
    expect(rl.relaxed).toContain('tags');
    // Relaxation is off by default, as on the other surfaces.
    expect(structured(await client.callTool({ name: 'memory_search', arguments: { query: 'VPN', tags: ['nope'] } })).relaxed).toBeUndefined();
    const strict = structured(await client.callTool({ name: 'memory_search', arguments: { query: 'VPN', tags: ['nope'], relax: false } }));
    expect(strict.total).toBe(0);
    expect(strict.relaxed).toBeUndefined();
    // Query syntax a parser could choke on is just text.
    const odd = await client.callTool({ name: 'memory_search', arguments: { query: 'rate* ~limit +api:"' } });
    expect(odd.isError).toBeFalsy();
  });
});
