/**
 * Sync around an operation: one flag per door operation, and the one rule that turns the flag into
 * what a surface does before and after it when sharing is on (CLI `--sync` / MEMORY_AUTO_SYNC, the MCP
 * server's `--sync`, the Action's `sync` input). docs/sync.md "Sync around an operation".
 *
 * - `read`: pull first (a read shows what others shared); never pushes.
 * - `write`: sync afterwards (fetch, combine, publish: the write is shared); pulls first only on a
 *   surface that pulls before writes (below).
 * - `none`: nothing around it: the operation shares by itself (sync, pull, push) or reads no memories
 *   a remote could change (tools, mcp, daemon, view, rebuild-index).
 */
export type SyncFlag = 'read' | 'write' | 'none';

/** Every door operation a surface runs, and its flag. A surface maps its commands or tools to these names. */
export const SYNC_AROUND = {
  store: 'write',
  update: 'write',
  delete: 'write',
  clear: 'write',
  import: 'write',
  prune: 'write',
  embed: 'write',
  'trash.restore': 'write',
  'trash.empty': 'write',
  'core.write': 'write',
  'config.write': 'write',
  get: 'read',
  recent: 'read',
  tagged: 'read',
  list: 'read',
  search: 'read',
  history: 'read',
  export: 'read',
  stats: 'read',
  'trash.list': 'read',
  'core.read': 'read',
  'config.read': 'read',
  calibrate: 'read',
  sync: 'none',
  pull: 'none',
  push: 'none',
  verify: 'read',
  'rebuild-index': 'none',
  view: 'none',
  daemon: 'none',
  mcp: 'none',
  tools: 'none',
} as const satisfies Record<string, SyncFlag>;

export type Operation = keyof typeof SYNC_AROUND;

/** Operations that share by themselves: a surface's sync option adds nothing to them (and is not reported as doing nothing). */
export const SHARES_ITSELF: ReadonlySet<string> = new Set<Operation>(['sync', 'pull', 'push']);

/** The flag of `op`; undefined for a name the table does not hold (a surface treats it as `none`, and test/sync/sync-around.test.ts fails). */
export function syncFlag(op: string): SyncFlag | undefined {
  return Object.prototype.hasOwnProperty.call(SYNC_AROUND, op) ? SYNC_AROUND[op as Operation] : undefined;
}

/** What a surface does around one operation. */
export interface SyncPlan {
  pullBefore: boolean;
  syncAfter: boolean;
}

/** Which sides sharing is on for (CLI: MEMORY_AUTO_SYNC=read|write|all or --sync; MCP: --sync read|write|all; Action: both). */
export interface SyncSides {
  reads: boolean;
  writes: boolean;
  /**
   * A write pulls first too. The MCP server and the Action do: an update or delete finds a memory only
   * the remote has, and a store de-duplicates against what other jobs stored (an Action run is a fresh
   * checkout). The CLI does not: its write's sync fetches only what the write reads (a blob-less or
   * treeless first fetch in CI, docs/sync.md "What a writer fetches"), which a full pull first would undo.
   */
  pullBeforeWrite: boolean;
}

/** The rule: a read pulls first and never pushes; a write syncs after (and pulls first where the surface says so). */
export function syncPlan(op: string, sides: SyncSides): SyncPlan {
  const flag = syncFlag(op) ?? 'none';
  if (flag === 'read') return { pullBefore: sides.reads, syncAfter: false };
  if (flag === 'write') return { pullBefore: sides.writes && sides.pullBeforeWrite, syncAfter: sides.writes };
  return { pullBefore: false, syncAfter: false };
}
