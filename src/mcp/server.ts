import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { openMemory, type GitMemory, type OpenOptions } from '../api.js';
import { MemoryError, InvalidInputError, SyncFailedError } from '../errors.js';
import { formatError, safeError, safeText } from '../model/error-format.js';
import { closest } from '../model/suggest.js';
import { mcpDefinition, type McpToolDefinition } from './definitions.js';
import { DEFAULT_PREVIEW_CHARS, type ToolDefinition } from './tool.js';
import { withAgentAdvice } from './advice.js';
import { tools as allTools } from './tools/index.js';
import { syncPlan } from '../sync-around.js';

declare const __VERSION__: string;

/** Options of {@link createMemoryServer}. */
export interface MemoryServerOptions {
  /** Repository directory. Default: the current directory. */
  repo?: string;
  /** Memory branch. Default: $MEMORY_BRANCH or "memory". */
  branch?: string;
  /**
   * Share through the remote ($MEMORY_REMOTE or origin) around each tool, by its operation's flag
   * (src/sync-around.ts): `true`/`'all'` pulls before reads and before writes and syncs (pull, combine,
   * push) after writes; `'read'` or `'write'` does one side only. Default false.
   */
  sync?: boolean | 'all' | 'read' | 'write';
  /** With `sync`: a read within this many ms of the last pull does not pull again. Default 5000. */
  pullIntervalMs?: number;
  /** Longest content returned inline in list/search results, in characters. Default 1000. */
  previewChars?: number;
  /** Where log lines go. Default: stderr (stdout carries the protocol). */
  log?: (line: string) => void;
  /** The tools to serve. Default: all of them. */
  tools?: ToolDefinition[];
  /** Longest JSON-RPC line read from stdin (serveStdio); a longer one is answered with an error and dropped. Default 10 MiB. */
  maxLineBytes?: number;
}

/** Default longest JSON-RPC message line accepted on stdin. */
export const MAX_MCP_LINE_BYTES = 10 * 1024 * 1024;

/**
 * The stdio transport, bounded. The SDK's own transport closes itself (and the server goes silent)
 * when a line passes 10 MiB, and joins chunks with a copy per chunk. This one keeps at most
 * `maxLineBytes` of one line: a longer line is dropped as it streams in, answered with a JSON-RPC
 * error (carrying the request's id when it is near the start of the line, so the client's call fails
 * at once instead of timing out), and the server goes on serving the next line. A line that is not
 * JSON-RPC gets a parse error reply; nothing closes the server but the end of stdin.
 */
export class BoundedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private chunks: Buffer[] = [];
  private size = 0;
  /** While a too-long line streams past: its first and (so far) last bytes, to find the request id. */
  private dropping: { head: string; tail: Buffer } | null = null;
  private readonly maxLine: number;
  private readonly log: (line: string) => void;
  /** Ids of requests read and not answered yet (a call in flight). */
  private readonly inflight = new Set<string | number>();
  private idle: (() => void) | null = null;

  constructor(
    private readonly stdin: NodeJS.ReadableStream = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
    opts: { maxLineBytes?: number; log?: (line: string) => void } = {},
  ) {
    this.maxLine = opts.maxLineBytes ?? MAX_MCP_LINE_BYTES;
    this.log = opts.log ?? ((line: string) => process.stderr.write(`git-memory mcp: ${line}\n`));
  }

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStreamError);
  }

  private readonly onStreamError = (err: Error) => this.onerror?.(err);

  private readonly onData = (chunk: Buffer | string) => {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    let start = 0;
    for (;;) {
      const nl = buf.indexOf(10, start);
      const piece = nl === -1 ? buf.subarray(start) : buf.subarray(start, nl);
      if (this.dropping) this.dropping.tail = Buffer.concat([this.dropping.tail, piece.subarray(-512)]).subarray(-512);
      else if (this.size + piece.length > this.maxLine) {
        const head = Buffer.concat([...this.chunks, piece.subarray(0, 512)]).subarray(0, 512).toString('utf8');
        this.dropping = { head, tail: Buffer.from(piece.subarray(-512)) };
        this.chunks = [];
        this.size = 0;
      } else if (piece.length) {
        this.chunks.push(piece);
        this.size += piece.length;
      }
      if (nl === -1) return;
      if (this.dropping) {
        this.tooLong(this.dropping.head, this.dropping.tail.toString('utf8'));
        this.dropping = null;
      } else this.line(Buffer.concat(this.chunks, this.size).toString('utf8').replace(/\r$/, ''));
      this.chunks = [];
      this.size = 0;
      start = nl + 1;
    }
  };

  /**
   * Answers a dropped line. Its id is the top-level `"id"`: the first key (or the one after
   * "jsonrpc") at the start, or the last key at the end (the SDK's own clients put it last).
   */
  private tooLong(head: string, tail: string): void {
    const ID = '(-?\\d{1,15}|"(?:[^"\\\\]|\\\\.){0,128}")';
    const m = new RegExp(`^\\s*\\{\\s*(?:"jsonrpc"\\s*:\\s*"2\\.0"\\s*,\\s*)?"id"\\s*:\\s*${ID}`).exec(head) ?? new RegExp(`"id"\\s*:\\s*${ID}\\s*\\}\\s*$`).exec(tail.replace(/\r$/, ''));
    let id: string | number | null = null;
    try {
      id = m ? (JSON.parse(m[1]) as string | number) : null;
    } catch {
      id = null;
    }
    this.log(`dropped a JSON-RPC message over ${this.maxLine} bytes`);
    void this.reply(id, -32600, `message over ${this.maxLine} bytes: dropped (send smaller arguments; memories are notes, at most maxContentBytes each)`);
  }

  private line(text: string): void {
    if (!text.trim()) return;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (err) {
      this.onerror?.(err as Error);
      void this.reply(null, -32700, 'parse error: each line must be one JSON-RPC message');
      return;
    }
    let msg: JSONRPCMessage;
    try {
      msg = deserializeMessage(text);
    } catch (err) {
      // Valid JSON that is not a valid JSON-RPC message: answered with the request's own id, so a
      // client waiting on it fails at once instead of hanging. `params` that is not an
      // object or array breaks JSON-RPC itself (-32600); an array where MCP takes named parameters
      // is a request with invalid params (-32602).
      this.onerror?.(err as Error);
      const o = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
      const id = o && ((typeof o.id === 'string' && o.id.length <= 256) || (typeof o.id === 'number' && Number.isFinite(o.id))) ? (o.id as string | number) : null;
      const badParams = !!o && typeof o.method === 'string' && Array.isArray(o.params);
      void this.reply(id, badParams ? -32602 : -32600, badParams ? 'invalid params: MCP requests take an object of named parameters' : 'invalid request: not a JSON-RPC 2.0 message (jsonrpc "2.0", a method name, params an object when present)');
      return;
    }
    if ('method' in msg && 'id' in msg) this.inflight.add(msg.id);
    else if ('method' in msg && msg.method === 'notifications/cancelled') {
      // The SDK sends no answer to a cancelled request: it is no longer in flight.
      const id = (msg.params as { requestId?: unknown } | undefined)?.requestId;
      if (typeof id === 'string' || typeof id === 'number') this.settled(id);
    }
    this.onmessage?.(msg);
  }

  private settled(id: string | number): void {
    if (this.inflight.delete(id) && this.inflight.size === 0) this.idle?.();
  }

  /**
   * Resolves once every request read so far has been answered (or cancelled by the client) and what
   * was written to stdout is flushed: what the server waits for when stdin ends, so a call in flight
   * (a write already committed) still reaches the client.
   */
  async drained(): Promise<void> {
    if (this.inflight.size) await new Promise<void>((resolve) => (this.idle = resolve));
    this.idle = null;
    await new Promise<void>((resolve) => {
      this.stdout.write('', () => resolve());
    });
  }

  private reply(id: string | number | null, code: number, message: string): Promise<void> {
    return this.write(JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } }) + '\n');
  }

  private write(json: string): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(json)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.write(serializeMessage(message));
    if (!('method' in message) && 'id' in message && message.id !== undefined && message.id !== null) this.settled(message.id);
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStreamError);
    this.chunks = [];
    this.onclose?.();
  }
}

function toolError(err: unknown): CallToolResult {
  const me = withAgentAdvice(safeError(err));
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ success: false, error: me.toJSON() }) }] };
}

function validationMessage(tool: string, err: z.ZodError): string {
  const issues = err.issues.map((i) => `${i.path.length ? i.path.join('.') : '(arguments)'}: ${i.message}`);
  return `invalid arguments for ${tool}: ${issues.join('; ')}`;
}

/**
 * An MCP server whose tools are thin calls into one {@link GitMemory}. The repository is opened on
 * the first tool call, not at start-up, so a client connects at once and a wrong `--repo` comes back
 * as a tool error a model can read (NOT_A_REPOSITORY) instead of a server that dies on launch.
 */
export function createMemoryServer(opts: MemoryServerOptions = {}): Server {
  const log = opts.log ?? ((line: string) => process.stderr.write(`git-memory mcp: ${line}\n`));
  const tools = opts.tools ?? allTools;
  const byName = new Map(tools.map((t) => [t.name, t]));
  const previewChars = opts.previewChars ?? DEFAULT_PREVIEW_CHARS;
  // One agent session per server: recorded on what it stores, so its memories are context for each
  // other in hybrid search and a team's other notes are not (src/search/conversation.ts).
  const session = `mcp-${randomBytes(6).toString('hex')}`;
  const pullInterval = opts.pullIntervalMs ?? 5000;
  let listed: McpToolDefinition[] | null = null;
  let memory: GitMemory | null = null;
  let lastPull = -Infinity;
  let pulling: Promise<string | null> | null = null;

  const open = (): GitMemory => {
    if (!memory) {
      const o: OpenOptions = { repo: opts.repo, branch: opts.branch, source: 'mcp', warn: (m) => log(`warning: ${m}`) };
      memory = openMemory(o);
    }
    return memory;
  };

  // Sharing around each tool: its operation's flag (src/sync-around.ts). Writes pull first too (throttled
  // like reads): an update or delete finds a memory only the remote has.
  const sides = { reads: opts.sync === true || opts.sync === 'all' || opts.sync === 'read', writes: opts.sync === true || opts.sync === 'all' || opts.sync === 'write', pullBeforeWrite: true };

  // Concurrent reads share one pull; a burst of reads within the interval pulls once. A failed pull
  // does not fail the read: the local memories are still worth answering with (the text says so).
  const pull = async (m: GitMemory): Promise<string | null> => {
    if (Date.now() - lastPull < pullInterval) return null;
    pulling ??= (async () => {
      try {
        await m.pull();
        lastPull = Date.now();
        return null;
      } catch (err) {
        const me = err instanceof MemoryError ? err : new SyncFailedError(String((err as Error)?.message ?? err));
        log(`pull failed: ${formatError(me)}`);
        return `(Could not pull from the remote: ${formatError(me)}. These are the local memories.)`;
      } finally {
        pulling = null;
      }
    })();
    return pulling;
  };

  // Syncs after writes run one at a time; writes that land while one is queued share the next one
  // (they are committed before they ask, so a sync that has not started yet carries them).
  let syncTail: Promise<void> = Promise.resolve();
  let syncQueued: Promise<void> | null = null;
  const share = (m: GitMemory): Promise<void> => {
    if (syncQueued) return syncQueued;
    const p = syncTail
      .then(() => {
        syncQueued = null;
        return m.sync();
      })
      .then(() => {
        lastPull = Date.now();
      });
    syncQueued = p;
    syncTail = p.catch(() => {});
    return p;
  };

  const server = new Server(
    { name: 'git-memory', title: 'git-memory', version: typeof __VERSION__ === 'string' ? __VERSION__ : 'dev' },
    {
      capabilities: { tools: {} },
      instructions:
        'Long-term memory kept in this git repository. Search it (memory_search) before starting a task or when the user refers to earlier work; ' +
        'store what a later session will need (memory_store) when the user asks you to remember something or you learn a lasting fact; ' +
        'correct outdated memories with memory_update. memory_core_view shows the always-relevant core document.',
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, () => {
    listed ??= tools.map(mcpDefinition);
    return { tools: listed };
  });

  server.setRequestHandler(CallToolRequestSchema, async (req): Promise<CallToolResult> => {
    const tool = byName.get(req.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool: ${safeText(String(req.params.name), 100)} (known: ${[...byName.keys()].join(', ')})`);
    // A misspelled argument ("tag" for "tags") would otherwise be dropped, and a filter with it.
    const args = req.params.arguments ?? {};
    const known = tool.input instanceof z.ZodObject ? Object.keys(tool.input.shape) : null;
    const unknown = known && args && typeof args === 'object' && !Array.isArray(args) ? Object.keys(args).filter((k) => !known.includes(k)) : [];
    if (unknown.length) {
      const hint = unknown[0].length <= 64 ? closest(unknown[0], known ?? []) : null;
      return toolError(new InvalidInputError(`${tool.name} has no argument ${safeText(JSON.stringify(unknown[0]), 80)}${hint ? ` (did you mean "${hint}"?)` : ''}; its arguments: ${(known ?? []).join(', ')}`, { tool: tool.name, field: safeText(unknown[0], 80) }));
    }
    const parsed = tool.input.safeParse(args);
    if (!parsed.success) return toolError(new InvalidInputError(validationMessage(tool.name, parsed.error), { tool: tool.name }));
    const started = Date.now();
    try {
      const m = open();
      const plan = syncPlan(typeof tool.operation === 'function' ? tool.operation(parsed.data) : tool.operation, sides);
      const pullNote = plan.pullBefore ? await pull(m) : null;
      const result = await tool.run(m, parsed.data, { previewChars, session });
      let text = tool.render(result);
      if (pullNote) text += `\n${pullNote}`;
      if (plan.syncAfter) {
        try {
          await share(m);
        } catch (err) {
          // The write is committed locally; failing the call would make a model retry it and store it twice.
          const me = err instanceof MemoryError ? err : new SyncFailedError(String((err as Error)?.message ?? err));
          log(`sync failed after ${tool.name}: ${formatError(me)}`);
          text += `\n(Saved locally, but sharing it through the remote failed: ${formatError(me)}. The next write retries.)`;
        }
      }
      return { content: [{ type: 'text', text }], structuredContent: result as Record<string, unknown> };
    } catch (err) {
      const me = err instanceof MemoryError ? err : null;
      if (!me || me.code === 'INTERNAL') log(`${tool.name} failed: ${safeText(String((err as Error)?.stack ?? err), 4000)}`);
      return toolError(err);
    } finally {
      if (process.env.MEMORY_DEBUG) log(`${tool.name} ${Date.now() - started} ms`);
    }
  });

  server.onclose = () => {
    memory?.close();
    memory = null;
  };
  return server;
}

/**
 * Serves MCP over stdin/stdout until the client closes stdin. Anything that would print to stdout
 * is sent to stderr instead: one stray line there corrupts the protocol stream.
 */
export async function serveStdio(opts: MemoryServerOptions = {}): Promise<void> {
  const toStderr = (...args: unknown[]) => process.stderr.write(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ') + '\n');
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  const server = createMemoryServer(opts);
  const transport = new BoundedStdioTransport(process.stdin, process.stdout, { maxLineBytes: opts.maxLineBytes, log: opts.log });
  const closed = new Promise<void>((resolve) => {
    const prev = server.onclose;
    server.onclose = () => {
      prev?.();
      resolve();
    };
  });
  // The end of stdin is the client saying it sends nothing more, not that it stopped listening: the
  // calls in flight finish and their answers are flushed before the server closes (a write they made
  // is committed; an answer dropped here would leave the client not knowing it).
  process.stdin.on('end', () => void transport.drained().then(() => server.close()));
  await server.connect(transport);
  await closed;
}
