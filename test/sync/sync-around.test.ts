import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARES_ITSELF, SYNC_AROUND, syncFlag, syncPlan, type Operation } from '../../src/sync-around.js';
import { commands } from '../../src/cli/commands/index.js';
import { tools } from '../../src/mcp/tools/index.js';
import { COMMANDS as ACTION_COMMANDS } from '../../src/action/inputs.js';
import { git } from '../helpers.js';
import { runCli } from '../run-cli.js';
import { ok, setup } from './fixtures.js';

// One table (src/sync-around.ts) says how every surface shares around an operation. An operation a
// surface runs without an entry would silently not share: each surface's entries are checked here.
const ALL_SIDES = [true, false].flatMap((reads) => [true, false].flatMap((writes) => [true, false].map((pullBeforeWrite) => ({ reads, writes, pullBeforeWrite }))));
const COMMAND_DIR = join(__dirname, '../../src/cli/commands');

/** The operations a CLI command module names itself (`op: '...'`, for a subcommand that decides). */
function namedOps(file: string): string[] {
  const text = readFileSync(join(COMMAND_DIR, file), 'utf8');
  // `op: 'x'`, or the branches of `op: cond ? 'x' : 'y'` (not the strings a condition compares with).
  return [...text.matchAll(/\bop: ([^,}\n]+)/g)].flatMap((m) => [...`: ${m[1]}`.matchAll(/(?:^: |\? |: )'([a-z.-]+)'/g)].map((q) => q[1]));
}

describe('sync around an operation: one table for the CLI, MCP and the Action', () => {
  it('every CLI command runs an operation the table holds (its first word, or the ones its module names)', () => {
    const missing: string[] = [];
    for (const c of commands) {
      const word = String(c.command).split(' ')[0];
      if (syncFlag(word) !== undefined) continue;
      const file = readdirSync(COMMAND_DIR).find((f) => f === `${word}.ts`);
      const ops = file ? namedOps(file) : [];
      if (!ops.length) missing.push(word);
    }
    expect(missing).toEqual([]);
    const named = readdirSync(COMMAND_DIR).flatMap(namedOps);
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((op) => syncFlag(op) === undefined)).toEqual([]);
  });

  it('every MCP tool runs an operation the table holds (for every action a tool takes)', () => {
    const missing: string[] = [];
    for (const t of tools) {
      const ops = typeof t.operation === 'function' ? ['list', 'restore'].map((action) => (t.operation as (a: unknown) => string)({ action })) : [t.operation];
      for (const op of ops) if (syncFlag(op) === undefined) missing.push(`${t.name}: ${op}`);
    }
    expect(missing).toEqual([]);
  });

  it('every Action command is an operation the table holds', () => {
    expect(ACTION_COMMANDS.filter((c) => syncFlag(c) === undefined)).toEqual([]);
  });

  it('a read pulls first and never syncs after; a write syncs after; none and unknown names do nothing', () => {
    for (const [op, flag] of Object.entries(SYNC_AROUND) as Array<[Operation, string]>) {
      for (const sides of ALL_SIDES) {
        const plan = syncPlan(op, sides);
        if (flag === 'read') expect(plan).toEqual({ pullBefore: sides.reads, syncAfter: false });
        if (flag === 'write') expect(plan).toEqual({ pullBefore: sides.writes && sides.pullBeforeWrite, syncAfter: sides.writes });
        if (flag === 'none') expect(plan).toEqual({ pullBefore: false, syncAfter: false });
      }
    }
    expect(syncPlan('no-such-operation', { reads: true, writes: true, pullBeforeWrite: true })).toEqual({ pullBefore: false, syncAfter: false });
    expect(syncFlag('toString')).toBeUndefined();
    for (const op of SHARES_ITSELF) expect(syncFlag(op)).toBe('none');
  });

  it('a CLI read with --sync pulls and leaves a local unshared write unpublished', { timeout: 300_000 }, async () => {
    const { remote, clones } = setup(2);
    const [a, b] = clones;
    ok(await runCli(a, ['store', 'shared first', '--sync', '--json']));
    const before = git(remote, 'rev-parse', 'memory');
    const pendingBefore = git(remote, 'for-each-ref', 'refs/memory-pending/');
    const local = ok(await runCli(a, ['store', 'kept local', '--no-sync', '--json'])).json;
    for (const args of [['list'], ['search', 'kept'], ['get', local.id], ['stats'], ['trash'], ['config', 'get', 'retention.enabled'], ['core', 'view']]) {
      const r = await runCli(a, [...args, '--sync', '--json']);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      expect(git(remote, 'rev-parse', 'memory'), args.join(' ')).toBe(before);
      expect(git(remote, 'for-each-ref', 'refs/memory-pending/'), args.join(' ')).toBe(pendingBefore);
    }
    // The other clone's read pulled what the first shared.
    const listed = ok(await runCli(b, ['list', '--sync', '--json'])).json;
    expect(listed.total).toBe(1);
  });
});
