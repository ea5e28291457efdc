import type { OptionSpec } from './command.js';
import { openDoor, type MemoryDoor } from '../api.js';
import { errorOf, InvalidInputError } from '../errors.js';
import { reportError, toMemoryError, writeJson } from './output.js';
import { DEFAULT_MAX_INPUT_BYTES, readBoundedStream } from '../model/bounds.js';
import { safeText } from '../model/error-format.js';
import { SHARES_ITSELF, syncFlag, syncPlan, type Operation, type SyncPlan } from '../sync-around.js';

/** Options every command accepts. */
export interface GlobalArgs {
  repo?: string;
  branch?: string;
  json?: boolean;
  /** Automatic sync around this command (src/sync-around.ts); `--no-sync` turns MEMORY_AUTO_SYNC off. */
  sync?: boolean;
  indexCache?: string;
  _?: Array<string | number>;
}

/** Options every command accepts, anywhere on the command line (parsed by src/cli/parse.ts). */
export const GLOBAL_OPTIONS: Record<string, OptionSpec> = {
  repo: { type: 'string', describe: 'Repository directory (default: the current directory)' },
  branch: { type: 'string', describe: 'Branch holding the memories (default: $MEMORY_BRANCH or "memory")' },
  json: { type: 'boolean', describe: 'Print the result as JSON on stdout' },
  'index-cache': { type: 'string', describe: 'Directory carrying the search index (and the vector cache) between CI jobs: restored when the repository has none, saved after a search that built or updated it (default: $MEMORY_INDEX_CACHE); set $MEMORY_INDEX_CACHE_KEY to a secret your trusted jobs share to sign it, so a DIR written without the key is not used' },
  sync: { type: 'boolean', describe: 'Share through the remote ($MEMORY_REMOTE or origin): pull before reading, sync after writing (default: $MEMORY_AUTO_SYNC)' },
};

/**
 * The door (src/api.ts) for one command. No write-time vectors: a command is one short process, and
 * loading the embedding model to embed one memory would cost seconds (`memory embed` and the search
 * helper embed instead).
 */
export function openCliMemory(argv: GlobalArgs): MemoryDoor {
  const indexCache = argv.indexCache ?? (process.env.MEMORY_INDEX_CACHE?.trim() || undefined);
  return openDoor({ repo: argv.repo, branch: argv.branch, source: 'cli', embedOnWrite: false, indexCache });
}

/**
 * Automatic sync around a command: the door operation's flag (src/sync-around.ts) says whether it
 * pulls first (a read) or syncs after its commit (a write). A command is its first word unless it
 * names its operation with `run(..., { op })` (a subcommand that decides: trash, core, config). On
 * with `--sync`, or env MEMORY_AUTO_SYNC = 1|true|all (both), write|push (writes only), read|pull
 * (reads only). docs/sync.md "Sync around an operation".
 */
export interface RunOptions {
  /** The door operation this command runs (default: the command's first word). */
  op?: Operation;
}

/** The operation a command line runs: `opts.op`, else its first word. */
export function cliOperation(argv: GlobalArgs, opts: RunOptions = {}): string {
  return opts.op ?? String(argv._?.[0] ?? '');
}

function autoSync(argv: GlobalArgs, op: string): { plan: SyncPlan; explicit: boolean } | null {
  if (argv.sync === false) return null;
  const env = (process.env.MEMORY_AUTO_SYNC ?? '').trim().toLowerCase();
  const all = argv.sync === true || ['1', 'true', 'yes', 'on', 'all'].includes(env);
  const plan = syncPlan(op, { reads: all || ['read', 'pull'].includes(env), writes: all || ['write', 'push'].includes(env), pullBeforeWrite: false });
  return plan.pullBefore || plan.syncAfter ? { plan, explicit: argv.sync === true } : null;
}

async function pullFirst(memory: MemoryDoor, explicit: boolean): Promise<void> {
  try {
    await memory.pull();
  } catch (err) {
    // Asked for on this command: fail. Switched on by the environment: offline reads keep working.
    if (explicit) throw err;
    const me = toMemoryError(err);
    process.stderr.write(`git-memory: warning: could not pull (${me.code}): ${me.message}; using local memories\n`);
  }
}

async function syncAfter<R>(memory: MemoryDoor, result: R, human: (result: R) => string | null, json: boolean): Promise<R> {
  try {
    const r = await memory.sync();
    if (!json) process.stderr.write((await import('../sync/format.js')).describeSync(r) + '\n');
    return result && typeof result === 'object' ? { ...result, sync: r } : result;
  } catch (err) {
    // The write itself is committed locally; say so, keep its result, and fail with the sync's code.
    const me = toMemoryError(err);
    if (!json) {
      const text = human(result);
      if (text) process.stdout.write(text.endsWith('\n') ? text : text + '\n');
    }
    throw errorOf(me.code, `saved locally, but sharing it failed: ${me.message}`, { ...me.data, result });
  }
}

/**
 * Runs one command: opens the door, calls `fn` with it, prints JSON or the human rendering, maps
 * errors to exit codes. Every command goes through here so `--json` and errors behave the same
 * everywhere, and every command reaches the memories through the door, as the MCP server and the
 * Action do.
 */
export async function run<R>(argv: GlobalArgs, fn: (memory: MemoryDoor) => Promise<R>, human: (result: R) => string | null, opts: RunOptions = {}): Promise<void> {
  let memory: MemoryDoor | null = null;
  try {
    memory = openCliMemory(argv);
    const op = cliOperation(argv, opts);
    // A command that neither shares nor shares by itself (sync, pull, push): an explicit --sync would
    // do nothing, so the user is told rather than left to believe it shared.
    if ((syncFlag(op) ?? 'none') === 'none' && !SHARES_ITSELF.has(op) && argv.sync === true) process.stderr.write(`git-memory: warning: --sync does nothing for "memory ${String(argv._?.[0] ?? '')}"; run "memory sync" to share\n`);
    const auto = autoSync(argv, op);
    if (auto?.plan.pullBefore) await pullFirst(memory, auto.explicit);
    let result = await fn(memory);
    if (auto?.plan.syncAfter) result = await syncAfter(memory, result, human, !!argv.json);
    if (argv.json) writeJson(result);
    else {
      const text = human(result);
      if (text) process.stdout.write(text.endsWith('\n') ? text : text + '\n');
    }
  } catch (err) {
    reportError(err, !!argv.json);
  } finally {
    memory?.close();
  }
}

/** Warnings of a write on stderr (with --json they are in the result's `warnings` instead). */
export function warn(argv: GlobalArgs, warnings: readonly string[] | undefined): void {
  if (argv.json || !warnings) return;
  for (const w of warnings) process.stderr.write(`git-memory: warning: ${safeText(w)}\n`);
}

/**
 * Reads stdin as text, holding at most `limit + 1` bytes (CONTENT_TOO_LARGE past it, so `yes | memory
 * store -` fails at once), refusing NUL bytes (BINARY_CONTENT) and invalid UTF-8 (INVALID_INPUT).
 */
export async function readStdin(opts: { limit?: number; what?: string; onBytes?: (read: number) => void } = {}): Promise<string> {
  return readBoundedStream(process.stdin, { limit: opts.limit ?? DEFAULT_MAX_INPUT_BYTES, what: opts.what ?? 'stdin', rejectNul: true, onBytes: opts.onBytes });
}

/**
 * Memory content from stdin: the trailing newline(s) that `echo`, a heredoc or a file end with are
 * not part of the text (as `$(...)` drops them); everything else is kept byte for byte.
 */
export async function readStdinContent(limit: number): Promise<string> {
  return (await readStdin({ limit })).replace(/(\r?\n)+$/, '');
}

/** `--meta k=v --meta k2=v2` → { k: 'v', k2: 'v2' }; undefined when none is given. */
export function parseMeta(pairs: string[] | undefined): Record<string, string> | undefined {
  if (!pairs?.length) return undefined;
  const out: Record<string, string> = {};
  for (const p of pairs) {
    const eq = p.indexOf('=');
    if (eq <= 0) throw new InvalidInputError(`--meta expects key=value, got ${JSON.stringify(p)}`, { field: 'meta' });
    out[p.slice(0, eq).trim()] = p.slice(eq + 1);
  }
  return out;
}

/** `--tags a,b --tags c` → ['a','b','c'] */
export function splitList(v: unknown): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  const arr = Array.isArray(v) ? v : [v];
  return arr.flatMap((x) => String(x).split(',')).map((s) => s.trim()).filter(Boolean);
}
