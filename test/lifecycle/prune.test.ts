import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { listTrash } from '../../src/model/trash.js';
import { prune } from '../../src/lifecycle/prune.js';
import { exportMemories } from '../../src/lifecycle/export.js';
import { importMemories } from '../../src/lifecycle/importer.js';
import { cli, git, makeRepo } from '../helpers.js';
import { runCli } from '../run-cli.js';

const DAY = 86_400_000;
const T0 = Date.parse('2026-01-01T00:00:00Z');

/** A store whose clock the test moves. */
function clockStore(repo: string, cfg: Record<string, unknown> = {}) {
  const clock = { now: T0 };
  const s = new MemoryStore({ repo, warn: () => {}, now: () => new Date(clock.now), config: cfg });
  return { s, clock };
}

const files = (repo: string, dir: string) => {
  try {
    return git(repo, 'ls-tree', '-r', '--name-only', 'memory', dir).split('\n').filter(Boolean);
  } catch {
    return [];
  }
};

describe('memory prune', () => {
  it('leaves undated hand-written memories to the age rules, says so, and never writes 1970 into them', async () => {
    const repo = makeRepo();
    const { s, clock } = clockStore(repo, { retention: { enabled: true, archiveAfterDays: 30, deleteAfterDays: 90 } });
    await s.store({ content: 'a dated memory from day 0' });
    // Added by hand (the GitHub web UI, a PR): no id, no timestamp.
    await s.git.commit({ ref: s.ref, expect: s.tip(), changes: new Map([['memories/hand/restart.md', Buffer.from('---\ntags: [ops]\n---\nRestart the cache nightly\n')]]), message: 'hand edit', author: { name: 'A Person', email: 'a@example.com' } });
    clock.now = T0 + 200 * DAY;
    const hand = (await s.list()).memories.find((m) => m.content.startsWith('Restart'))!;
    expect(hand.timestamp).toBe('1970-01-01T00:00:00.000Z');
    expect(await runCli(repo, ['list', '--tag', 'ops'])).toMatchObject({ code: 0, stdout: expect.stringContaining('undated') });

    const r = await prune(s);
    expect(r.trashed.map((i) => i.id)).not.toContain(hand.id);
    expect(r.archived.map((i) => i.id)).not.toContain(hand.id);
    expect(r.trashed).toHaveLength(1); // the dated one, 200 days old
    expect(r.summary).toContain('1 memory has no timestamp');
    expect((await s.get(hand.id)).memory.content).toBe('Restart the cache nightly\n');

    // Rewriting it keeps it undated (no 1970 timestamp written); an update dates it from then on.
    await s.update(hand.id, { tags: ['ops', 'cache'] });
    const text = git(repo, 'show', 'memory:memories/hand/restart.md');
    expect(text).not.toContain('timestamp:');
    expect(text).toContain('updated:');
  });

  it('archives, trashes, expires and purges by age in one commit; dry run writes nothing', async () => {
    const repo = makeRepo();
    const { s, clock } = clockStore(repo, { retention: { enabled: true, archiveAfterDays: 30, deleteAfterDays: 90 }, trashRetentionDays: 30 });
    const old = await s.store({ content: 'written on day 0', tags: ['a'] });
    clock.now = T0 + 50 * DAY;
    const mid = await s.store({ content: 'written on day 50', tags: ['a'] });
    const ttl = await s.store({ content: 'expires a week after day 50', tags: ['a'], ttl: '7d' });
    clock.now = T0 + 95 * DAY;
    const fresh = await s.store({ content: 'written on day 95', tags: ['a'] });
    const gone = await s.store({ content: 'deleted on day 95', tags: ['a'] });
    await s.delete(gone.id);

    const before = git(repo, 'rev-parse', 'memory');
    const dry = await prune(s, { dryRun: true });
    expect(dry.dryRun).toBe(true);
    expect(git(repo, 'rev-parse', 'memory')).toBe(before);
    expect(dry.trashed.map((i) => [i.id, i.reason])).toEqual(expect.arrayContaining([[old.id, expect.stringContaining('90 days')], [ttl.id, 'expired']]));
    expect(dry.archived.map((i) => i.id)).toEqual([mid.id]);
    expect(dry.purged).toEqual([]);

    const r = await prune(s);
    expect(git(repo, 'rev-list', '--count', `${before}..memory`)).toBe('1');
    expect(r.commit).toBe(git(repo, 'rev-parse', 'memory'));
    expect(git(repo, 'log', '-1', '--format=%B', 'memory')).toMatch(/^memory: prune: 1 memory archived, 2 moved to the trash, 0 purged/);
    expect((await s.list()).memories.map((m) => m.id)).toEqual([fresh.id]);
    expect(files(repo, 'archive')).toEqual([expect.stringMatching(new RegExp(`^archive/2026-02/./${mid.id}\\.md$`))]);
    expect(listTrash(s).map((i) => i.id).sort()).toEqual([old.id, ttl.id, gone.id].sort());
    // Archived memories are out of the default list, in it with archived (marked), and readable by id.
    const withArchive = await s.list({ archived: true });
    expect(withArchive.memories.map((m) => m.id)).toEqual([fresh.id, mid.id]);
    expect(withArchive.memories[1]).toMatchObject({ id: mid.id, content: 'written on day 50', archived: true });
    expect(withArchive.memories[0].archived).toBeUndefined();
    expect((await s.get(mid.id)).memory).toMatchObject({ content: 'written on day 50', archived: true });
    const viaCli = await runCli(repo, ['list', '--archived', '--json']);
    expect(viaCli.json.memories.map((m: { id: string }) => m.id)).toEqual([fresh.id, mid.id]);
    expect((await runCli(repo, ['list', '--json'])).json.total).toBe(1);
    // Search finds archived memories only when asked, and marks them.
    expect((await s.search({ query: 'written', mode: 'fulltext' })).results.map((m) => m.id)).toEqual([fresh.id]);
    expect((await s.search({ query: '50', mode: 'fulltext' })).total).toBe(0);
    const found = await s.search({ query: '50', archived: true });
    expect(found.results.map((m) => [m.id, m.archived])).toEqual([[mid.id, true]]);
    const both = await s.search({ query: 'written', archived: true });
    expect(new Map(both.results.map((m) => [m.id, m.archived]))).toEqual(new Map([[fresh.id, undefined], [mid.id, true]]));
    const viaSearch = await runCli(repo, ['search', 'written', '--archived', '--json']);
    expect(viaSearch.json.results.map((m: { id: string }) => m.id).sort()).toEqual([fresh.id, mid.id].sort());
    // Archived memories are out of list/search but in an export with archived.
    const all = await exportMemories(s, { archived: true });
    expect(all.data).toContain(mid.id);
    expect((await exportMemories(s)).data).not.toContain(mid.id);
    // ... and an import of that export puts it back in the archive of another repository.
    const other = new MemoryStore({ repo: makeRepo(), warn: () => {} });
    expect((await importMemories(other, { text: all.data })).imported).toBe(2);
    expect((await other.list()).memories.map((m) => m.id)).toEqual([fresh.id]);
    expect(git(other.git.location.root, 'ls-tree', '-r', '--name-only', 'memory', 'archive')).toContain(mid.id);

    // 31 days later: the trash items are purged, and the archived memory (now 76 days old) stays archived.
    clock.now = T0 + 126 * DAY;
    const r2 = await prune(s);
    expect(r2.purged.map((i) => i.id).sort()).toEqual([old.id, ttl.id, gone.id].sort());
    expect(r2.trashed).toEqual([]);
    expect(r2.archived.map((i) => i.id)).toEqual([fresh.id]); // 31 days without a write
    expect(files(repo, 'trash')).toEqual([]);
    // Past deleteAfterDays the archived memory goes to the trash too.
    clock.now = T0 + 141 * DAY;
    const r3 = await prune(s);
    expect(r3.trashed.map((i) => i.id)).toEqual([mid.id]);
    expect(files(repo, 'archive')).toEqual([expect.stringContaining(fresh.id)]);
    // Nothing left to do: no commit.
    const tip = git(repo, 'rev-parse', 'memory');
    await prune(s);
    expect(git(repo, 'rev-parse', 'memory')).toBe(tip);
  });

  it('without retention.enabled only expiry, the cap and the trash apply; --retention forces the age rules', async () => {
    const repo = makeRepo();
    const { s, clock } = clockStore(repo);
    const a = await s.store({ content: 'an old note' });
    clock.now = T0 + 200 * DAY;
    const r = await prune(s);
    expect(r.ageRules).toBe(false);
    expect(r.archived.length + r.trashed.length).toBe(0);
    expect(r.summary).toMatch(/age rules off/);
    const forced = await prune(s, { retention: true });
    expect(forced.trashed.map((i) => i.id)).toEqual([a.id]);
  });

  it('over maxMemories archives the oldest low-priority memories first', async () => {
    const repo = makeRepo();
    const { s, clock } = clockStore(repo, { maxMemories: 3 });
    const ids: Record<string, string> = {};
    for (const [name, priority] of [['h1', 'high'], ['l1', 'low'], ['m1', 'medium'], ['l2', 'low'], ['m2', 'medium']] as const) {
      clock.now += DAY;
      ids[name] = (await s.store({ content: `memory ${name}`, priority })).id;
    }
    const r = await prune(s);
    expect(r.archived.map((i) => i.id)).toEqual([ids.l1, ids.l2]);
    expect(r.archived[0].reason).toMatch(/maxMemories/);
    expect(r.remaining).toBe(3);
    expect((await s.list()).memories.map((m) => m.id).sort()).toEqual([ids.h1, ids.m1, ids.m2].sort());
  });

  it('CLI: prune --dry-run --json and a readable summary', async () => {
    const repo = makeRepo();
    // A test clock: the command runs in this process, so a faked Date is its clock too.
    vi.useFakeTimers({ toFake: ['Date'], now: T0 });
    onTestFinished(() => vi.useRealTimers());
    await runCli(repo, ['store', 'short lived', '--ttl', '1s']);
    const before = git(repo, 'rev-parse', 'memory');
    const later = { MEMORY_RETENTION_ENABLED: 'true' };
    // Still alive within its second: nothing to prune.
    vi.setSystemTime(T0 + 500);
    expect((await runCli(repo, ['prune', '--dry-run', '--json'], { env: later })).json).toMatchObject({ success: true, trashed: [] });
    // Two seconds later it is expired.
    vi.setSystemTime(T0 + 2000);
    const dry = await runCli(repo, ['prune', '--dry-run', '--json'], { env: later });
    expect(dry.code).toBe(0);
    expect(dry.json).toMatchObject({ success: true, dryRun: true, trashed: [expect.objectContaining({ reason: 'expired' })] });
    expect(git(repo, 'rev-parse', 'memory')).toBe(before);
    const run = await runCli(repo, ['prune'], { env: later });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^pruned: 0 memories archived, 1 moved to the trash/);
    expect((await runCli(repo, ['list', '--json'])).json.total).toBe(0);
  });
});
