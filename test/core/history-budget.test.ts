import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDoor } from '../../src/api.js';
import { MemoryStore } from '../../src/store/store.js';
import { git, makeRepo } from '../helpers.js';
import { runCli } from '../run-cli.js';

/**
 * A memory with big versions (hand-committed past the content limit): `memory history` and the
 * viewer's memory page carry a bounded amount of text, newest versions first, and say what they cut
 * (`contentBytes`: the whole size). The bound is lowered here (MEMORY_HISTORY_TEXT_BUDGET) so a few MB
 * of versions stand for the 45 x 16 MB that failed with "Invalid string length".
 */
const VERSIONS = 6;
const SIZE = 400_000;
const BUDGET = 1_000_000;
/** Version i: the same long start, a different end (a cut text alone could not tell them apart). */
const text = (i: number) => `${'x'.repeat(SIZE)} end of version ${i}`;

let repo = '';
let id = '';
beforeAll(async () => {
  repo = makeRepo({ commit: true });
  id = (await runCli(repo, ['store', 'placeholder', '--json'])).json.id;
  const path = git(repo, 'ls-tree', '-r', '--name-only', 'memory').split('\n').find((p) => p.endsWith(`/${id}.md`))!;
  const front = git(repo, 'show', `memory:${path}`).split('\n---\n')[0];
  const m = new MemoryStore({ repo });
  try {
    for (let i = 1; i <= VERSIONS; i++) await m.mutate(() => ({ change: { changes: new Map([[path, Buffer.from(`${front}\n---\n${text(i)}`)]]), message: `hand edit ${i}` }, result: {} }));
  } finally {
    m.close();
  }
}, 120_000);

const saved = process.env.MEMORY_HISTORY_TEXT_BUDGET;
afterEach(() => {
  if (saved === undefined) delete process.env.MEMORY_HISTORY_TEXT_BUDGET;
  else process.env.MEMORY_HISTORY_TEXT_BUDGET = saved;
});

const bytes = (s: string | null) => Buffer.byteLength(s ?? '', 'utf8');

describe('history of big versions is bounded', { timeout: 120_000 }, () => {
  it('memory history --json: at most the budget of text, newest first, each cut one marked with its whole size', async () => {
    const r = await runCli(repo, ['history', id, '--json'], { env: { MEMORY_HISTORY_TEXT_BUDGET: String(BUDGET) } });
    expect(r.code, r.stderr).toBe(0);
    const vs = r.json.versions as Array<{ content: string | null; contentBytes?: number; changed?: string[] }>;
    expect(vs).toHaveLength(VERSIONS + 1);
    expect(vs.reduce((n, v) => n + bytes(v.content), 0)).toBeLessThanOrEqual(BUDGET);
    // The newest keeps the most; every hand-committed version is marked as cut, with its whole size.
    expect(bytes(vs[0].content)).toBeGreaterThan(0);
    for (const v of vs.slice(0, VERSIONS)) expect(v.contentBytes).toBe(bytes(text(1)));
    expect(vs[VERSIONS - 1].content).toBe('');
    // Whether the text changed is told from the whole text, not its cut start.
    for (const v of vs.slice(0, VERSIONS)) expect(v.changed).toContain('content');
  });

  it('memory history (human): works, and says what was cut and how to read it whole', async () => {
    const r = await runCli(repo, ['history', id], { env: { MEMORY_HISTORY_TEXT_BUDGET: String(BUDGET) } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.length).toBeLessThan(BUDGET + 10_000);
    expect(r.stdout).toContain(`[cut: ${bytes(text(1)).toLocaleString('en-US')} bytes; whole: memory get ${id} --at `);
  });

  it('under the default budget these versions are whole', async () => {
    const r = await runCli(repo, ['history', id, '--json']);
    expect(r.json.versions[0].content).toBe(text(VERSIONS));
    expect(r.json.versions.some((v: { contentBytes?: number }) => v.contentBytes !== undefined)).toBe(false);
  });

  it('the viewer\'s memory page carries at most the budget too, the memory\'s own text cut and marked', async () => {
    process.env.MEMORY_HISTORY_TEXT_BUDGET = String(BUDGET);
    const door = openDoor({ repo, embedOnWrite: false });
    try {
      const vm = await door.viewModel();
      const page = await vm.memory(id);
      expect(page.versions).toHaveLength(VERSIONS + 1);
      expect(page.versions.reduce((n, v) => n + bytes(v.content), 0)).toBeLessThanOrEqual(BUDGET);
      expect(page.versions[0].contentBytes).toBe(bytes(text(1)));
      expect(page.memory?.contentBytes).toBe(bytes(text(1)));
      expect(bytes(page.memory?.content ?? '')).toBeLessThanOrEqual(BUDGET / 4);
      expect(JSON.stringify(page).length).toBeLessThan(1.5 * BUDGET);
    } finally {
      door.close();
    }
  });
});

describe('the viewer reading big versions', () => {
  it('gives the event loop a turn after each big version it reads (other requests are answered meanwhile)', async () => {
    const door = openDoor({ repo, embedOnWrite: false });
    try {
      const vm = await door.viewModel();
      await vm.memory(id); // the history index and the catalog are built: what is left is reading versions
      // The page is cached by the view model: forget it, so the next call reads the versions again.
      (vm as unknown as { pages: Map<string, unknown> }).pages.clear();
      let turns = 0;
      let done = false;
      const tick = () => {
        turns++;
        if (!done) setImmediate(tick);
      };
      setImmediate(tick);
      const page = await vm.memory(id).finally(() => (done = true));
      expect(page.versions).toHaveLength(VERSIONS + 1);
      // One turn at least per hand-committed version (each over 256 KiB).
      expect(turns).toBeGreaterThanOrEqual(VERSIONS);
    } finally {
      door.close();
    }
  });
});

describe('cutting text to a byte budget', () => {
  it('never splits a character', async () => {
    const { capText, spendTextBudget } = await import('../../src/ops/history.js');
    const v = { content: 'é'.repeat(10) };
    expect(capText(v, 5)).toEqual({ content: 'éé', contentBytes: 20 });
    const [a, b] = spendTextBudget([{ content: '€€' }, { content: '€€' }], 8);
    expect(a).toEqual({ content: '€€' });
    expect(b).toEqual({ content: '', contentBytes: 6 });
  });
});
