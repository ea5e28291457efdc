import { describe, expect, it } from 'vitest';
import { BranchCheckedOutError, EmptyContentError, MemoryError, NotARepositoryError, NotFoundError, ObjectMissingError, PushRejectedError } from '../../src/errors.js';
import { parseInputs } from '../../src/action/inputs.js';
import { escapeCell, searchSummary, verifySummary, VERIFY_HUNK_CHARS } from '../../src/action/summary.js';
import { failureMessage } from '../../src/action/failure.js';
import { boundVerifyJson, VERIFY_JSON_LIMIT } from '../../src/action/execute.js';

const from = (inputs: Record<string, string>) => (name: string) => inputs[name] ?? '';
const env = { GITHUB_WORKSPACE: '/runner/work/repo/repo' };

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return (e as MemoryError).code;
  }
  return undefined;
}

describe('parseInputs', () => {
  it('applies the defaults of action.yml for what is not given', () => {
    const { inputs } = parseInputs(from({ content: 'x' }), env);
    expect(inputs).toMatchObject({ command: 'store', branch: 'memory', remote: 'origin', sync: true, path: '/runner/work/repo/repo', tags: [], mode: 'auto' });
    expect(inputs.limit).toBeUndefined();
  });

  it('types numbers, dates, booleans and lists', () => {
    const { inputs } = parseInputs(from({ command: 'search', query: ' rate limit ', tags: 'API, limits\nrate-limiting', limit: '5', days: '7', after: '2026-01-01', before: '2026-02-25T10:00:00Z', sync: 'FALSE', path: 'sub/dir' }), env);
    expect(inputs).toMatchObject({ command: 'search', query: 'rate limit', tags: ['api', 'limits', 'rate-limiting'], limit: 5, days: 7, after: '2026-01-01', before: '2026-02-25T10:00:00Z', sync: false, path: '/runner/work/repo/repo/sub/dir' });
  });

  it.each([
    [{ command: 'forget' }],
    [{ content: 'x', limit: '0' }],
    [{ content: 'x', limit: '2.5' }],
    [{ content: 'x', days: 'seven' }],
    [{ content: 'x', after: '2026-13-45' }],
    [{ content: 'x', before: 'yesterday' }],
    [{ content: 'x', sync: '1' }],
    [{ content: 'x', priority: 'critical' }],
    [{ command: 'search', mode: 'semantic' }],
    [{ command: 'delete' }],
    [{ command: 'delete', tags: 'a,b' }],
    [{ command: 'delete', id: 'mem_1', tags: 'a' }],
  ])('rejects %j with INVALID_INPUT naming the input', (raw) => {
    expect(code(() => parseInputs(from(raw), env))).toBe('INVALID_INPUT');
  });

  it('suggests the command or mode a typo was meant to be (data.suggestion), and echoes a long one bounded', () => {
    const err = (raw: Record<string, string>) => {
      try {
        parseInputs(from(raw), env);
      } catch (e) {
        return e as MemoryError;
      }
      throw new Error('accepted');
    };
    expect(err({ command: 'serch' })).toMatchObject({ code: 'INVALID_INPUT', data: { field: 'command', suggestion: 'search' } });
    expect(err({ command: 'Stor', content: 'x' }).data).toMatchObject({ suggestion: 'store' });
    expect(err({ command: 'search', query: 'q', mode: 'hybird' }).data).toMatchObject({ field: 'mode', suggestion: 'hybrid' });
    expect(err({ command: 'forget' }).data.suggestion).toBeUndefined();
    const long = err({ command: 'x'.repeat(100_000) });
    expect(long.data.suggestion).toBeUndefined();
    expect(long.message.length).toBeLessThan(300);
  });

  it('lists the given inputs the command ignores', () => {
    expect(parseInputs(from({ command: 'get', id: 'mem_1', query: 'q', tags: 't' }), env).ignored).toEqual(['tags', 'query']);
    expect(parseInputs(from({ command: 'search', query: 'q', tags: 't', limit: '3' }), env).ignored).toEqual([]);
  });
});

describe('job summary', () => {
  it('renders hostile memory text as text: no table breaks, HTML, links or images', () => {
    const cell = escapeCell('a | b <img src=x onerror=alert(1)> [link](javascript:alert(1)) ![i](http://x/y.png) **bold**\n| new row |');
    expect(cell).not.toMatch(/(^|[^\\])\|/);
    expect(cell).not.toContain('<');
    expect(cell).not.toMatch(/(^|[^\\])\[/);
    expect(cell).not.toContain('\n');
  });

  it('has one table row per result, with the rank and relevance', () => {
    const md = searchSummary({ query: 'deploy', tags: ['ops'], branch: 'memory' }, [
      { id: 'mem_1', content: 'Deploys need the VPN', tags: ['ops'], category: 'general', priority: 'high', timestamp: '2026-02-01T00:00:00.000Z', metadata: {}, relevance: 7.5 },
      { id: 'mem_2', content: 'Deploy | with care', tags: ['ops'], category: 'general', priority: 'low', timestamp: '2026-01-01T00:00:00.000Z', metadata: {}, relevance: 3 },
    ], 12);
    const rows = md.split('\n').filter((l) => /^\| \d/.test(l));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^\| 1 \| 7\.50 \| Deploys need the VPN \|/);
    expect(rows[1].split(/(?<!\\)\|/).length).toBe(rows[0].split(/(?<!\\)\|/).length);
    expect(md).toContain('2 of 12 matches');
  });
});

describe('failure messages', () => {
  it('tells how to grant push permission when the push is denied', () => {
    for (const err of [
      new MemoryError('PERMISSION_DENIED', 'push denied'),
      new MemoryError('PUSH_REJECTED', "remote: Permission to octo/widgets.git denied to github-actions[bot].\nfatal: unable to access 'https://github.com/octo/widgets/': The requested URL returned error: 403"),
    ]) {
      expect(failureMessage(err)).toContain('permissions: contents: write');
    }
    expect(failureMessage(new MemoryError('PUSH_REJECTED', 'non-fast-forward after 8 retries'))).not.toContain('contents: write');
  });

  it("phrases the error's next step (data.next) with the workflow's inputs, never the CLI's flags", () => {
    const cases: Array<[MemoryError, string]> = [
      [new NotFoundError('mem_0k2x9d1ab7q4ce3m', 'memory', { trashed: true, next: 'trash.restore' }), 'is in the trash of `memory`'],
      [new NotFoundError('mem_0k2x9d1ab7q4ce3m'), 'check the `id` input'],
      [new NotARepositoryError('/w'), 'actions/checkout'],
      [new EmptyContentError(), 'set the `content` input'],
      [new ObjectMissingError('1'.repeat(40)), 'fetch-depth: 0'],
      [new BranchCheckedOutError('main', '/w'), 'set the `branch` input'],
      [new PushRejectedError('the remote memory has changes', { next: 'sync' }), '`sync: true`'],
    ];
    for (const [err, fix] of cases) {
      const text = failureMessage(err, { branch: 'memory', remote: 'origin' });
      expect(text.split('\n')[1], err.code).toContain(fix);
      expect(text.split('\n')[1], err.code).not.toMatch(/ --[a-z]/);
    }
    // A refused token wins over the next step: the workflow's permissions are what to change.
    expect(failureMessage(new PushRejectedError('error: 403', { next: 'sync' }))).toContain('permissions: contents: write');
  });

  it('tells container jobs how to mark the workspace safe', () => {
    const err = new MemoryError('SYNC_FAILED', "fetching memory from origin failed: fatal: detected dubious ownership in repository at '/__w/widgets/widgets'");
    expect(failureMessage(err)).toContain('safe.directory');
  });
});

describe('parseInputs for verify', () => {
  it('types ref, since and strict, and reports them ignored by other commands', () => {
    const { inputs, ignored } = parseInputs(from({ command: 'verify', ref: ' HEAD ', since: 'a'.repeat(40), strict: 'TRUE' }), env);
    expect(inputs).toMatchObject({ command: 'verify', ref: 'HEAD', since: 'a'.repeat(40), strict: true });
    expect(ignored).toEqual([]);
    expect(parseInputs(from({ command: 'list', since: 'main' }), env).ignored).toEqual(['since']);
  });

  it('refuses a ref git would read as an option or a revision expression, and a strict that is not a boolean', () => {
    for (const bad of ['--upload-pack=x', 'a..b', 'main~1', 'x y', 'HEAD@{1}', 'x'.repeat(300)]) expect(code(() => parseInputs(from({ command: 'verify', since: bad }), env))).toBe('INVALID_INPUT');
    expect(code(() => parseInputs(from({ command: 'verify', ref: '-x' }), env))).toBe('INVALID_INPUT');
    expect(code(() => parseInputs(from({ command: 'verify', strict: 'yes' }), env))).toBe('INVALID_INPUT');
  });
});

describe('verifySummary', () => {
  const c = { valid: 0, moved: 0, changed: 1, gone: 0, invalid: 0, unknown: 0, memories: 1, citations: 1 };
  it('bounds a hunk and keeps hostile text inert in one table row', () => {
    const hunk = '@@ -1 +1 @@\n-<script>x</script>\n+[a](javascript:alert(1)) | `b` https://evil.example\n' + 'y'.repeat(10_000);
    const s = verifySummary({ ref: 'HEAD', commit: 'c'.repeat(40), memories: [{ id: 'mem_a', citations: [{ path: 'a|<b>.ts', lines: [1, 1], state: 'changed', hunk }] }], counts: c }, 'memory');
    const row = s.split('\n').find((l) => l.startsWith('| `mem_a`'))!;
    expect(row.length).toBeLessThan(VERIFY_HUNK_CHARS * 2);
    expect(row).not.toMatch(/<script|<b>|\]\(|https:\/\//);
    expect(row.split(/(?<!\\)\|/).length).toBe(7);
  });

  it('caps the rows and says how many more the json output has', () => {
    const many = Array.from({ length: 250 }, (_, i) => ({ id: `mem_${i}`, citations: [{ path: 'a.ts', lines: [1, 2] as [number, number], state: 'gone' }] }));
    const s = verifySummary({ ref: 'HEAD', commit: 'c'.repeat(40), memories: many, counts: { ...c, memories: 250, citations: 250 } }, 'memory');
    expect(s.split('\n').filter((l) => l.startsWith('| `mem_')).length).toBe(200);
    expect(s).toMatch(/50 more not shown/);
  });
});

describe('the verify json output', () => {
  it('stays under the output limit: hunks first, then valid citations, counts kept, a warning', () => {
    const memories = Array.from({ length: 400 }, (_, i) => ({ id: `mem_${i}`, citations: [{ path: 'a.ts', lines: [1, 2], state: i % 2 ? 'valid' : 'changed', hunk: 'x'.repeat(4000) }] }));
    const json: Record<string, any> = { success: true, memories, counts: { citations: 400 } };
    const warnings: string[] = [];
    boundVerifyJson(json, { info: () => {}, warning: (m) => warnings.push(m) });
    expect(Buffer.byteLength(JSON.stringify(json))).toBeLessThanOrEqual(VERIFY_JSON_LIMIT);
    expect(json.truncated.omitted).toEqual(['hunks']);
    expect(json.memories).toHaveLength(400);
    expect(json.counts.citations).toBe(400);
    expect(warnings).toHaveLength(1);
    const small: Record<string, any> = { success: true, memories: memories.slice(0, 2), counts: {} };
    boundVerifyJson(small, { info: () => {}, warning: () => {} });
    expect(small.truncated).toBeUndefined();
    expect(small.memories[0].citations[0].hunk).toHaveLength(4000);
  });
});

describe('parseInputs for store with cite', () => {
  it('reads one citation a line or comma-separated, with ref as the commit they are at', () => {
    const { inputs, ignored } = parseInputs(from({ command: 'store', content: 'x', cite: 'src/a.ts:3-5\n docs/api.md , src/b.ts:7\n', ref: 'main' }), env);
    expect(inputs.cite).toEqual(['src/a.ts:3-5', 'docs/api.md', 'src/b.ts:7']);
    expect(inputs.ref).toBe('main');
    expect(ignored).toEqual([]);
    expect(parseInputs(from({ command: 'search', query: 'q', cite: 'a.ts' }), env).ignored).toEqual(['cite']);
  });

  it('refuses more than 16 citations, an overlong one, and a ref without cite', () => {
    expect(code(() => parseInputs(from({ command: 'store', content: 'x', cite: Array.from({ length: 17 }, (_, i) => `f${i}.ts`).join('\n') }), env))).toBe('INVALID_INPUT');
    expect(code(() => parseInputs(from({ command: 'store', content: 'x', cite: `${'a'.repeat(1200)}.ts` }), env))).toBe('INVALID_INPUT');
    expect(code(() => parseInputs(from({ command: 'store', content: 'x', ref: 'main' }), env))).toBe('INVALID_INPUT');
  });
});
