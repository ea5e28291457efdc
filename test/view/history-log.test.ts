import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/store/store.js';
import { historyArgs, HistoryLog, indexLog, LOG_FORMAT, parseLog, parseTrailers, stemOf, type LogEntry, type Touch } from '../../src/view/model/history-log.js';
import { commitFiles, git, makeRepo } from '../helpers.js';

// The viewer's reading of git's log: the entries of the log page and the history index a memory's
// page takes its versions from. Real repositories: the log format is git's, so git writes it.
const file = (id: string, text: string) => `---\nid: ${id}\ntimestamp: 2026-01-01T00:00:00.000Z\n---\n${text}\n`;
const A = 'memories/2026-01/1/mem_a.md';
const B = 'memories/2026-01/2/mem_b.md';

/** A repository whose `memory` branch stores mem_a, changes it, adds mem_b and a non-memory file, then moves mem_a to the trash. */
function branch(): { repo: string; commits: string[] } {
  const repo = makeRepo({ commit: true });
  commitFiles(
    repo,
    [
      { files: { [A]: file('mem_a', 'one') }, message: 'store mem_a\n\nJob: build-7\nRun: 42\n' },
      { files: { [A]: file('mem_a', 'two') }, message: 'update mem_a' },
      { files: { [B]: file('mem_b', 'bee'), 'memories/notes.txt': 'not a memory' }, message: 'store mem_b' },
      { files: { [A]: null, 'trash/2026-01/mem_a.md': file('mem_a', 'two') }, message: 'delete mem_a' },
    ],
    'memory',
  );
  const commits = git(repo, 'rev-list', 'memory').split('\n');
  return { repo, commits };
}

describe('the viewer history log (src/view/model/history-log.ts)', () => {
  it('parseTrailers: `Key: value` lines only, bounded key and value', () => {
    expect(parseTrailers('Job: build-7\nRun: 42\nnot a trailer\n: empty key\nKey:no-space\n')).toEqual({ Job: 'build-7', Run: '42' });
    expect(parseTrailers(`${'K'.repeat(42)}: too long a key`)).toEqual({});
    expect(parseTrailers('')).toEqual({});
    expect(stemOf('memories/2026-12/9/mem_x.md')).toBe('mem_x');
    expect(stemOf('mem_y.md')).toBe('mem_y');
  });

  it('parseLog: the branch log as entries (commit, parents, author, time, subject, trailers)', () => {
    const { repo, commits } = branch();
    const entries = parseLog(git(repo, 'log', `--format=${LOG_FORMAT}`, 'memory'));
    expect(entries.map((e) => e.commit)).toEqual(commits);
    expect(entries.map((e) => e.message)).toEqual(['delete mem_a', 'store mem_b', 'update mem_a', 'store mem_a']);
    const first = entries[3];
    expect(first.trailers).toEqual({ Job: 'build-7', Run: '42' });
    expect(first.author).toBe('Test');
    expect(first.email).toBe('test@example.com');
    expect(first.timestamp).toBe(new Date(Number(git(repo, 'log', '-1', '--format=%ct', commits[3])) * 1000).toISOString());
    expect(entries[0].parents).toEqual([commits[1]]);
    expect(entries[0].trailers).toEqual({});
  });

  it('indexLog: every touch of a memory file by stem, newest first, with the blob after the commit; other files left out', async () => {
    const { repo, commits } = branch();
    const byStem = new Map<string, Touch[]>();
    const byCommit = new Map<string, LogEntry>();
    await indexLog(git(repo, ...historyArgs(['memory'])), byStem, byCommit);
    expect([...byStem.keys()].sort()).toEqual(['mem_a', 'mem_b']);
    const a = byStem.get('mem_a')!;
    expect(a.map((t) => [t.commit, t.status, t.path])).toEqual([
      [commits[0], 'D', A],
      [commits[0], 'A', 'trash/2026-01/mem_a.md'],
      [commits[2], 'M', A],
      [commits[3], 'A', A],
    ]);
    expect(a[0].oid).toBeUndefined();
    expect(a[2].oid).toBe(git(repo, 'rev-parse', `${commits[2]}:${A}`));
    expect(a[1].oid).toBe(git(repo, 'rev-parse', `${commits[0]}:trash/2026-01/mem_a.md`));
    expect([...byCommit.keys()]).toEqual(commits);
  });

  it('HistoryLog: one index per tip, extended when the tip moves on, started over when the branch is rewritten; ofStems reads only the files asked for', async () => {
    const { repo, commits } = branch();
    const store = new MemoryStore({ repo, warn: () => {} });
    const log = new HistoryLog(store);
    expect(log.current).toBeNull();
    log.logAhead(store.tip());
    const h = await log.historyIndex();
    expect(h.tip).toBe(commits[0]);
    expect(log.current).toBe(h);
    expect(await log.historyIndex()).toBe(h);

    commitFiles(repo, [{ files: { [B]: file('mem_b', 'bee two') }, message: 'update mem_b' }], 'memory');
    const moved = await log.historyIndex();
    expect(moved.tip).toBe(git(repo, 'rev-parse', 'memory'));
    expect(moved.byStem.get('mem_b')!.map((t) => t.status)).toEqual(['M', 'A']);
    expect(moved.byStem.get('mem_a')).toEqual(h.byStem.get('mem_a'));
    expect(moved.commits.size).toBe(5);

    // Rewritten: the branch now holds one unrelated commit storing mem_c; nothing of the old history stays.
    git(repo, 'update-ref', '-d', 'refs/heads/memory');
    commitFiles(repo, [{ files: { 'memories/2026-01/3/mem_c.md': file('mem_c', 'sea') }, message: 'fresh' }], 'memory');
    const fresh = await log.historyIndex();
    expect([...fresh.byStem.keys()]).toEqual(['mem_c']);
    expect(fresh.commits.size).toBe(1);

    const only = await log.ofStems(new Set(['mem_a']), commits[0]);
    expect([...only!.byStem.keys()]).toEqual(['mem_a']);
    expect(only!.byStem.get('mem_a')).toHaveLength(4);
    expect(await log.ofStems(new Set(['not a stem']), commits[0])).toBeNull();
    store.close();
  });
});
