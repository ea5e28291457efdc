import { openDoor, type GitMemory, type MemoryDoor } from '../api.js';
import type { SyncResult } from '../sync/sync.js';
import type { Memory } from '../model/memory.js';
import type { SearchQuery } from '../model/search-types.js';
import type { ActionInputs } from './inputs.js';
import { syncPlan, type SyncPlan } from '../sync-around.js';
import { searchSummary, storeSummary, verifySummary } from './summary.js';
import { ensureBase, type BaseCommit } from './verify-base.js';
import { excerpt } from '../model/excerpt.js';
import { describeIndexCache, indexCacheDir, runnerCache } from './index-cache.js';

/** What one step produced: the step outputs, the seed-shaped response, and the job-summary Markdown. */
export interface ActionResult {
  /** The whole response in the seed's JSON shape (`success: true`, ...). */
  json: Record<string, unknown>;
  id: string;
  /** The memories the command returned (search, get, recent, list); [] for store, delete, sync. */
  results: Memory[];
  /** Memories returned; for store 1 (0 when the same content was already stored), for delete the number deleted. */
  count: number;
  summary?: string;
  /** Outputs and summary are written, then the step fails with this message (verify with `strict`). */
  failed?: string;
}

export interface ActionLog {
  info(message: string): void;
  warning(message: string): void;
  debug?(message: string): void;
}

/**
 * Sharing around a command, with the `sync` input: its operation's flag (src/sync-around.ts; a command
 * is named as its operation). Writes pull first too: an Action run is a fresh checkout, delete may
 * target a memory only the remote has, and store de-duplicates against (and commits on top of) what
 * other jobs already stored.
 */
function around(inputs: ActionInputs): SyncPlan {
  return syncPlan(inputs.command, { reads: inputs.sync, writes: inputs.sync, pullBeforeWrite: true });
}

/** Runs one action step against the library. Knows nothing of @actions/core: main.ts does the I/O. */
export async function execute(inputs: ActionInputs, log: ActionLog): Promise<ActionResult> {
  const restoreAuth = inputs.token && inputs.sync ? useToken(inputs.token) : () => {};
  try {
    return await executeWith(inputs, log);
  } finally {
    restoreAuth();
  }
}

/**
 * Hands `token` to every git this process starts, for the server's URL only, the way actions/checkout
 * sends it (`AUTHORIZATION: basic x-access-token:<token>` as an http extraheader), through git's
 * GIT_CONFIG_COUNT/KEY/VALUE environment: nothing is written to the repository's config, so the token
 * does not outlive the step. An empty value first resets any header the checkout persisted for that
 * URL (two Authorization headers would be rejected). Returns a function restoring the environment.
 */
export function useToken(token: string, env: NodeJS.ProcessEnv = process.env): () => void {
  const saved = Object.fromEntries(Object.keys(env).filter((k) => /^GIT_CONFIG_(COUNT|KEY_\d+|VALUE_\d+)$/.test(k)).map((k) => [k, env[k]]));
  const base = Number(env.GIT_CONFIG_COUNT) || 0;
  const server = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
  const key = `http.${server}/.extraheader`;
  const basic = Buffer.from(`x-access-token:${token}`, 'utf8').toString('base64');
  env[`GIT_CONFIG_KEY_${base}`] = key;
  env[`GIT_CONFIG_VALUE_${base}`] = '';
  env[`GIT_CONFIG_KEY_${base + 1}`] = key;
  env[`GIT_CONFIG_VALUE_${base + 1}`] = `AUTHORIZATION: basic ${basic}`;
  env.GIT_CONFIG_COUNT = String(base + 2);
  return () => {
    for (const k of Object.keys(env)) if (/^GIT_CONFIG_(COUNT|KEY_\d+|VALUE_\d+)$/.test(k)) delete env[k];
    Object.assign(env, saved);
  };
}

async function executeWith(inputs: ActionInputs, log: ActionLog): Promise<ActionResult> {
  // A search keeps its index in the runner's cache between jobs (src/action/index-cache.ts).
  // verify --since in a shallow checkout: the base commit is fetched (depth 1) before the library
  // opens the repository, or the step says why it checks every citation instead.
  const base = inputs.command === 'verify' && inputs.since ? ensureBase(inputs.path, inputs.remote, inputs.since, inputs.sync, log) : null;
  if (base && 'unavailable' in base) log.warning(`since: ${base.unavailable}; checking every citation at the ref instead`);
  const dir = indexCacheDir();
  const cache = inputs.command === 'search' ? runnerCache(inputs.branch, dir, log) : null;
  const memory = openDoor({ repo: inputs.path, branch: inputs.branch, source: 'github-action', warn: (m) => log.warning(m), indexCache: cache ? dir : undefined });
  try {
    const plan = around(inputs);
    if (plan.pullBefore) await pull(memory, inputs, log);
    const tree = cache ? memory.tipTree() : null;
    const hit = cache ? await cache.restore(tree) : null;
    const result = await perform(memory, inputs, log, base);
    const report = result.json.indexCache as Parameters<typeof describeIndexCache>[0] & { bytesWritten?: number } | undefined;
    if (cache && report) log.info(describeIndexCache(report));
    if (cache && hit) await cache.save(tree, (report?.bytesWritten ?? 0) > 0, hit.exact);
    delete result.json.indexCache;
    // Retention on the branch (retention.enabled) is applied by the jobs that write: one prune commit
    // after a store, pushed together with it.
    if (inputs.command === 'store' && (await memory.settings()).retention?.enabled) {
      const p = await memory.prune();
      if (p.commit) log.info(`retention: ${p.summary}`);
      result.json.pruned = { archived: p.archived.length, trashed: p.trashed.length, purged: p.purged.length };
    }
    if (plan.syncAfter) await push(memory, inputs, log);
    if (inputs.command === 'store') {
      const tags = (result.json.tags as string[] | undefined) ?? inputs.tags;
      result.summary = storeSummary(result.id, tags, inputs.branch, inputs.sync ? inputs.remote : null, result.json.duplicate === true);
    }
    if (inputs.viewExport) {
      // The static viewer of the branch as this step leaves it, for an artifact or a Pages site.
      const { exportViewer } = await import('../view/export.js');
      const v = await exportViewer(memory, inputs.viewExport);
      log.info(`viewer written to ${v.dir} (${v.memories} memories)`);
      const run = process.env.GITHUB_REPOSITORY && process.env.GITHUB_RUN_ID ? `${process.env.GITHUB_SERVER_URL || 'https://github.com'}/${process.env.GITHUB_REPOSITORY}/actions/runs/${process.env.GITHUB_RUN_ID}#artifacts` : null;
      result.json.viewExport = { dir: v.dir, memories: v.memories };
      result.summary = `${result.summary ?? ''}\nMemory viewer of \`${inputs.branch}\` (${v.memories} memories) written to \`${inputs.viewExport}\`: upload it with actions/upload-artifact${run ? ` ([this run's artifacts](${run}))` : ''} or publish it with GitHub Pages, then open \`index.html\`.\n`;
    }
    return result;
  } finally {
    memory.close();
  }
}

async function pull(memory: GitMemory, inputs: ActionInputs, log: ActionLog): Promise<void> {
  const r = await memory.pull({ remote: inputs.remote });
  log.info(r.remoteTip ? `fetched ${inputs.branch} from ${r.remote}${r.received ? `: ${r.received} memory files changed` : ''}` : `${r.remote} has no ${inputs.branch} branch yet`);
  reportConflicts(r, log);
}

/**
 * At least this many retries of a rejected push. A matrix's jobs tend to finish together: 16 store
 * steps started at once needed up to 8 retries here (bench/action.mjs); the library default is 20 too.
 * A failed step costs a re-run; a retry costs at most 1.5 s of backoff.
 */
const MIN_RETRIES = 20;

/** Publishes local commits: fetch, combine, push, and on a rejected push (another job pushed first) again. */
async function push(memory: MemoryDoor, inputs: ActionInputs, log: ActionLog): Promise<SyncResult> {
  // An explicit MEMORY_SYNC_RETRIES wins; otherwise the branch's sync.retries, raised to the minimum.
  const retries = process.env.MEMORY_SYNC_RETRIES ? undefined : Math.max(MIN_RETRIES, (await memory.settings()).sync?.retries ?? 0);
  const r = await memory.sync({ remote: inputs.remote, retries });
  if (r.pendingRef) log.info(`another job moved ${inputs.branch} first: shared this job's commits as ${r.pendingRef} (readers see it now; the next sync folds it into the branch)`);
  else log.info(`pushed ${inputs.branch} to ${r.remote}${r.created ? ' (created the branch)' : ''}${r.folded ? `, folding ${r.folded} pending ref${r.folded === 1 ? '' : 's'}` : ''}${r.retries ? ` after ${r.retries} retr${r.retries === 1 ? 'y' : 'ies'}: other jobs pushed first` : ''}`);
  reportConflicts(r, log);
  return r;
}

function reportConflicts(r: SyncResult, log: ActionLog): void {
  for (const c of r.conflicts) log.warning(`${c.id ?? c.path}: changed here and on the remote (${c.kind}); kept the ${c.kept} version (${c.reason}); the other stays in the branch's history`);
}

/** GitHub keeps at most 1 MiB per step output; the verify json stays under this. */
export const VERIFY_JSON_LIMIT = 900 * 1024;

/**
 * Keeps the verify response under {@link VERIFY_JSON_LIMIT}: first without the diff hunks (the job
 * summary shows them), then without the `valid` citations; `truncated` says what was left out.
 * `counts` always covers everything.
 */
export function boundVerifyJson(json: Record<string, unknown>, log: ActionLog): void {
  const size = () => Buffer.byteLength(JSON.stringify(json));
  if (size() <= VERIFY_JSON_LIMIT) return;
  type M = { id: string; citations: Array<Record<string, unknown>> };
  let ms = json.memories as M[];
  ms = ms.map((m) => ({ ...m, citations: m.citations.map(({ hunk: _h, ...c }) => c) }));
  json.memories = ms;
  const left: string[] = ['hunks'];
  if (size() > VERIFY_JSON_LIMIT) {
    json.memories = ms.map((m) => ({ ...m, citations: m.citations.filter((c) => c.state !== 'valid') })).filter((m) => m.citations.length);
    left.push('valid citations');
  }
  while (size() > VERIFY_JSON_LIMIT && (json.memories as M[]).length) (json.memories as M[]).splice(Math.floor((json.memories as M[]).length / 2));
  json.truncated = { omitted: left, memories: (json.memories as M[]).length };
  log.warning(`the verify response is over ${VERIFY_JSON_LIMIT >> 10} KiB: the json output leaves out ${left.join(' and ')}${(json.memories as M[]).length < ms.length ? ' and some memories' : ''} (counts cover all); run memory verify --json for the whole`);
}

async function perform(memory: MemoryDoor, inputs: ActionInputs, log: ActionLog, base: BaseCommit | null = null): Promise<ActionResult> {
  switch (inputs.command) {
    case 'store': {
      const cite = inputs.cite.length ? { cite: inputs.cite, ...(inputs.ref !== undefined ? { citeRef: inputs.ref } : {}) } : {};
      const r = await memory.store({ content: inputs.content as string, tags: inputs.tags, category: inputs.category, priority: inputs.priority, ...cite });
      // The CLI's --json shape: the seed's three keys plus what the store decided.
      const json: Record<string, unknown> = { success: true, id: r.id, timestamp: r.timestamp };
      if (r.duplicate) json.duplicate = true;
      if (r.upserted) json.upserted = true;
      if (r.autoTags) json.tags = r.autoTags;
      if (r.redacted) json.redacted = r.redacted;
      if (r.citations) json.citations = r.citations;
      for (const w of r.warnings ?? []) log.warning(w);
      log.info(`${r.duplicate ? 'already stored, same content' : 'stored'} ${r.id} (${r.timestamp})${r.autoTags ? ` tags: ${r.autoTags.join(', ')}` : ''}`);
      if (r.redacted) log.warning(`${r.redacted} credential${r.redacted === 1 ? '' : 's'} masked in the stored text`);
      return { json, id: r.id, results: [], count: r.duplicate ? 0 : 1 };
    }
    case 'get': {
      const r = await memory.get(inputs.id as string);
      log.info(`${r.memory.id}: ${excerpt(r.memory.content, 100)}`);
      return { json: { success: true, memory: r.memory }, id: r.memory.id, results: [r.memory], count: 1 };
    }
    case 'recent': {
      const r = await memory.recent(inputs.limit);
      for (const m of r.memories) log.info(`${m.id}  ${m.timestamp.slice(0, 10)}  ${excerpt(m.content, 100)}`);
      return { json: { success: true, memories: r.memories }, id: '', results: r.memories, count: r.memories.length };
    }
    case 'list': {
      const r = await memory.list({ tags: inputs.tags, category: inputs.category, priority: inputs.priority, limit: inputs.limit });
      for (const m of r.memories) log.info(`${m.id}  ${m.timestamp.slice(0, 10)}  ${excerpt(m.content, 100)}`);
      log.info(`${r.memories.length} of ${r.total} memories`);
      return { json: { success: true, memories: r.memories, total: r.total }, id: '', results: r.memories, count: r.memories.length };
    }
    case 'delete': {
      if (inputs.id) {
        const r = await memory.delete(inputs.id);
        log.info(`deleted ${r.deleted}`);
        return { json: { success: true, deleted: r.deleted }, id: r.deleted, results: [], count: 1, summary: `Deleted memory \`${r.deleted}\` from branch \`${inputs.branch}\`.\n` };
      }
      const r = await memory.deleteByTag(inputs.tags[0]);
      log.info(`deleted ${r.deleted.length} memories tagged ${inputs.tags[0]}`);
      return { json: { success: true, deleted: r.deleted }, id: '', results: [], count: r.deleted.length, summary: `Deleted ${r.deleted.length} memories tagged \`${inputs.tags[0]}\` from branch \`${inputs.branch}\`.\n` };
    }
    case 'search': {
      const q: SearchQuery = { query: inputs.query, tags: inputs.tags, category: inputs.category, priority: inputs.priority, after: inputs.after, before: inputs.before, days: inputs.days, limit: inputs.limit, mode: inputs.mode === 'auto' ? undefined : inputs.mode };
      const r = await memory.search(q);
      for (const m of r.results) log.info(`${m.relevance.toFixed(2)}  ${m.id}  ${excerpt(m.content, 100)}`);
      // hybrid/vector fall back to full text unless the branch's config names an HTTP embedder (the
      // bundle carries no local model); say which ran. With mode auto that is the expected outcome.
      const noModel = r.fallback?.code === 'EMBEDDER_ERROR' && /not installed/.test(r.fallback.reason);
      // mode auto: full text is a choice, not a failure (action.yml: "hybrid when the branch configures
      // an embedder the action can reach over HTTP, else fulltext"). The response says which mode auto
      // chose and why in `auto`, with no `fallback` and no error code for an embedder nobody asked for.
      const autoChoice = inputs.mode === 'auto' ? { mode: r.mode ?? 'fulltext', reason: autoReason(r, noModel) } : null;
      const why = autoChoice ? `: auto, ${autoChoice.reason}` : r.fallback ? (noModel ? ': no embedding model in the action bundle' : `: ${r.fallback.reason}`) : '';
      if (r.vectors?.missing) log.info(`${r.vectors.missing} memories have no vector yet and matched on full text only (a store step with an HTTP embedder, or "memory embed", writes them)`);
      log.info(`${r.results.length} of ${r.total} matches${r.mode ? ` (${r.mode}${why})` : ''}${r.weak?.length ? `, ${r.weak.length} weak candidates below confidence (in the json output)` : ''}`);
      // A mode the step asked for by name that did not run is a warning (an annotation on the run),
      // not a log line: the results are full-text ones the workflow did not ask for.
      if (r.fallback && inputs.mode !== 'auto') log.warning(`mode ${inputs.mode} fell back to ${r.mode ?? 'fulltext'}${why || `: ${r.fallback.reason}`}`);
      // The whole response, as `memory search --json` prints it (mode, fallback, vectors, ...); `results`
      // holds confident matches only, `weak` and `nothingConfident` are in it too.
      const { fallback: _f, ...chosen } = r;
      const json = autoChoice ? { ...chosen, auto: autoChoice, success: true } : { ...r, success: true };
      return { json, id: '', results: r.results, count: r.results.length, summary: searchSummary(inputs, r.results, r.total, r.nothingConfident) };
    }
    case 'verify': {
      const since = base && 'commit' in base ? base.commit : undefined;
      const r = await memory.verify({ ref: inputs.ref, since });
      const json: Record<string, unknown> = { ...r };
      if (r.since && inputs.since) r.since.ref = inputs.since;
      if (base && 'unavailable' in base) json.sinceUnavailable = { ref: inputs.since, reason: base.unavailable };
      boundVerifyJson(json, log);
      const c = r.counts;
      log.info(`${c.citations} citation${c.citations === 1 ? '' : 's'} in ${c.memories} memor${c.memories === 1 ? 'y' : 'ies'} at ${r.ref} (${r.commit.slice(0, 12)})${r.since ? ` changed since ${r.since.commit.slice(0, 12)}` : ''}: ${c.valid} valid, ${c.moved} moved, ${c.changed} changed, ${c.gone} gone, ${c.invalid} invalid, ${c.unknown} unknown`);
      const stale = c.changed + c.gone + c.invalid;
      const summary = verifySummary(r, inputs.branch, base && 'unavailable' in base ? { ref: inputs.since as string, reason: base.unavailable } : undefined);
      return { json, id: '', results: [], count: r.memories.length, summary, failed: inputs.strict && stale > 0 ? `${stale} citation${stale === 1 ? ' is' : 's are'} changed, gone or invalid (strict: true); the job summary lists them` : undefined };
    }
    case 'sync': {
      const r = await push(memory, inputs, log);
      return { json: { ...r }, id: '', results: [], count: 0, summary: `Synced branch \`${inputs.branch}\` with \`${r.remote}\`: ${r.received ?? "(not counted)"} memory files received, ${r.sent} commits sent.\n` };
    }
  }
}

/** Why mode auto ran the mode it did, for the log line and the `auto` field of the response. */
function autoReason(r: { mode?: string; fallback?: { reason: string } }, noModel: boolean): string {
  if (noModel) return 'no embedding model in the action bundle (configure an HTTP embedder on the branch for hybrid: docs/hybrid.md)';
  if (r.fallback) return r.fallback.reason;
  return r.mode === 'fulltext' ? 'no embedder configured (hybrid.embedder or MEMORY_EMBEDDER is none)' : 'the branch configures an embedder the action can run';
}
