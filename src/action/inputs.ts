import { isAbsolute, resolve } from 'node:path';
import { InvalidInputError } from '../errors.js';
import { closest } from '../model/suggest.js';
import { isPriority, normalizeTags, type Priority } from '../model/memory.js';
import { scanText, secretDetected } from '../model/secrets.js';
import type { SearchMode } from '../model/search-types.js';

export const COMMANDS = ['store', 'search', 'get', 'recent', 'list', 'delete', 'sync', 'verify'] as const;
export type ActionCommand = (typeof COMMANDS)[number];

/** The step's `with:` inputs, validated and typed. Empty inputs are `undefined` (the library's defaults apply). */
export interface ActionInputs {
  command: ActionCommand;
  content?: string;
  tags: string[];
  category?: string;
  priority?: Priority;
  query?: string;
  id?: string;
  limit?: number;
  after?: string;
  before?: string;
  days?: number;
  /** `auto` (the default): hybrid when the branch configures an embedder the action can run (HTTP), else full text. */
  mode: SearchMode | 'auto';
  branch: string;
  remote: string;
  sync: boolean;
  /** Absolute path of the repository. */
  path: string;
  /** After the command: write the static viewer (`memory view --export`) to this absolute directory. */
  viewExport?: string;
  /** store: the code the memory describes, `PATH[:START[-END]]` each (docs/citations.md). */
  cite: string[];
  /** verify: the ref or commit to check the citations at (default the checkout's HEAD); store: the commit `cite` names lines at. */
  ref?: string;
  /** verify: report only the memories whose cited lines change between this ref and `ref`. */
  since?: string;
  /** verify: fail the step when a citation is changed, gone or invalid. */
  strict: boolean;
  /** The token for fetch and push (HTTP basic auth, as actions/checkout sends it); never persisted. */
  token?: string;
}

/** Which optional inputs each command reads; anything else given is reported as ignored. */
const USES: Record<ActionCommand, ReadonlyArray<keyof ActionInputs>> = {
  store: ['content', 'tags', 'category', 'priority', 'cite', 'ref'],
  search: ['query', 'tags', 'category', 'priority', 'limit', 'after', 'before', 'days', 'mode'],
  get: ['id'],
  recent: ['limit'],
  list: ['tags', 'category', 'priority', 'limit'],
  delete: ['id', 'tags'],
  sync: [],
  verify: ['ref', 'since', 'strict'],
};
const OPTIONAL: ReadonlyArray<keyof ActionInputs> = ['content', 'tags', 'category', 'priority', 'cite', 'query', 'id', 'limit', 'after', 'before', 'days', 'ref', 'since'];
const MODES: readonly SearchMode[] = ['fulltext', 'hybrid', 'vector'];

/** Most citations one memory holds (the store refuses more with CITATION_INVALID too). */
const MAX_CITE_INPUTS = 16;

/**
 * The `cite` input: one `PATH[:START[-END]]` a line (or comma-separated); blank entries dropped. The
 * store checks each against the repository's git objects (CITATION_INVALID); here only the count and
 * length are bounded, so a huge input is refused before anything reads it.
 */
function citeList(raw: string): string[] {
  const list = raw.split(/[,\n]/).map((c) => c.trim()).filter(Boolean);
  if (list.length > MAX_CITE_INPUTS) throw new InvalidInputError(`cite: at most ${MAX_CITE_INPUTS} citations, got ${list.length}`, { field: 'cite' });
  const long = list.find((c) => c.length > 1100);
  if (long) throw new InvalidInputError(`cite: a citation of ${long.length} characters (at most 1,100): ${shown(long)}`, { field: 'cite' });
  return list;
}

/** `raw` for a message: bounded, as JSON (an input can be anything a workflow passes). */
const shown = (raw: string) => JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}…` : raw);

/** Refuses `raw` as not one of `names`, suggesting the one it is a typo of (data.suggestion). */
function notOneOf(input: string, raw: string, names: readonly string[], expected: string): never {
  // Short inputs only: the edit distance is quadratic in the length.
  const best = raw.length <= 64 ? closest(raw.toLowerCase(), names) : null;
  bad(input, `expected ${expected}, got ${shown(raw)}${best ? ` (did you mean "${best}"?)` : ''}`, best ? { suggestion: best } : {});
}

function bad(input: string, message: string, data: Record<string, unknown> = {}): never {
  throw new InvalidInputError(`input \`${input}\`: ${message}`, { field: input, ...data });
}

function positiveInt(name: string, raw: string): number | undefined {
  if (raw === '') return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) bad(name, `expected a positive whole number, got ${JSON.stringify(raw)}`);
  return Number(raw);
}

function isoDate(name: string, raw: string): string | undefined {
  if (raw === '') return undefined;
  // Dates only (2026-01-31) or full datetimes; Date.parse alone accepts too much ("1", "March").
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(raw) || !Number.isFinite(Date.parse(raw))) {
    bad(name, `expected an ISO date such as 2026-01-31 or 2026-01-31T12:00:00Z, got ${JSON.stringify(raw)}`);
  }
  return raw;
}

/** A ref name or commit id as git would take it; never an option (`-...`), bounded. */
function gitRef(name: string, raw: string): string | undefined {
  if (raw === '') return undefined;
  if (raw.length > 256 || raw.startsWith('-') || /[\0-\x20\x7f~^:?*\[\\]|\.\.|@\{/.test(raw)) bad(name, `expected a ref name or commit id, got ${JSON.stringify(raw.slice(0, 80))}`);
  return raw;
}

/**
 * Maps raw input strings (what `core.getInput` returns, untrimmed) to {@link ActionInputs}.
 * `get` returns '' for an input that was not given. Throws INVALID_INPUT naming the input.
 */
export function parseInputs(get: (name: string) => string, env: NodeJS.ProcessEnv = process.env): { inputs: ActionInputs; ignored: string[] } {
  const str = (name: string) => get(name).trim();
  const command = str('command') || 'store';
  if (!(COMMANDS as readonly string[]).includes(command)) notOneOf('command', command, COMMANDS, `one of ${COMMANDS.join(', ')}`);

  // Content keeps its leading whitespace (indented code); a YAML block scalar's trailing newline goes.
  const content = get('content').trimEnd();
  const priority = str('priority');
  if (priority && !isPriority(priority)) bad('priority', `expected low, medium or high, got ${JSON.stringify(priority)}`);
  const syncRaw = str('sync').toLowerCase() || 'true';
  if (!['true', 'false'].includes(syncRaw)) bad('sync', `expected true or false, got ${JSON.stringify(str('sync'))}`);
  const strictRaw = str('strict').toLowerCase() || 'false';
  if (!['true', 'false'].includes(strictRaw)) bad('strict', `expected true or false, got ${JSON.stringify(str('strict').slice(0, 40))}`);
  const days = str('days');
  if (days && !(/^\d+(\.\d+)?$/.test(days) && Number(days) > 0)) bad('days', `expected a positive number of days, got ${JSON.stringify(days)}`);

  // auto: hybrid when the branch configures an embedder the action can run (an HTTP one: the bundle
  // carries no local model), else full text. Reads never write and embed for at most ~1 s, and
  // writers commit vectors at store time, so a fresh runner does not embed the branch (docs/hybrid.md).
  // would embed the whole branch on every fresh runner (seconds per 1,000 memories).
  const mode = str('mode').toLowerCase() || 'auto';
  if (mode !== 'auto' && !(MODES as readonly string[]).includes(mode)) notOneOf('mode', str('mode'), ['auto', ...MODES], `auto, ${MODES.join(', ')}`);

  const workspace = env.GITHUB_WORKSPACE || process.cwd();
  const p = str('path');
  // Tags are lowercased here, and a lowercased key no longer looks like one: scan them as given.
  const tagFindings = String(env.MEMORY_SECRET_GUARD ?? '').trim().toLowerCase() === 'off' ? [] : scanText(get('tags'), 'tags');
  if (tagFindings.length) throw secretDetected(tagFindings, 'the tags input');
  const inputs: ActionInputs = {
    command: command as ActionCommand,
    content: content === '' ? undefined : content,
    // Commas or newlines: a YAML list written as a block scalar works too.
    tags: normalizeTags(get('tags').split(/[,\n]/)),
    cite: citeList(get('cite')),
    category: str('category') || undefined,
    priority: (priority || undefined) as Priority | undefined,
    query: str('query') || undefined,
    id: str('id') || undefined,
    limit: positiveInt('limit', str('limit')),
    after: isoDate('after', str('after')),
    before: isoDate('before', str('before')),
    days: days ? Number(days) : undefined,
    mode: mode as SearchMode | 'auto',
    branch: str('branch') || 'memory',
    remote: str('remote') || 'origin',
    sync: syncRaw === 'true',
    path: p ? (isAbsolute(p) ? p : resolve(workspace, p)) : workspace,
    viewExport: str('view-export') ? resolve(workspace, str('view-export')) : undefined,
    token: str('token') || undefined,
    ref: gitRef('ref', str('ref')),
    since: gitRef('since', str('since')),
    strict: strictRaw === 'true',
  };

  if (inputs.command === 'store' && inputs.content === undefined) bad('content', 'the text to remember is required for command store');
  if (inputs.command === 'store' && inputs.ref !== undefined && !inputs.cite.length) bad('ref', 'for command store, `ref` is the commit the `cite` lines are at: give `cite` too');
  if (inputs.command === 'get' && !inputs.id) bad('id', 'the memory id is required for command get');
  if (inputs.command === 'delete') {
    if (!inputs.id && inputs.tags.length !== 1) bad('id', 'command delete needs `id` (one memory) or a single tag in `tags` (every memory with it)');
    if (inputs.id && inputs.tags.length) bad('tags', 'give `id` or `tags` to command delete, not both');
  }

  const uses = USES[inputs.command];
  const ignored = OPTIONAL.filter((k) => !uses.includes(k) && (Array.isArray(inputs[k]) ? (inputs[k] as unknown[]).length > 0 : inputs[k] !== undefined));
  return { inputs, ignored };
}
