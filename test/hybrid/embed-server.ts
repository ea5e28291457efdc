import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/**
 * A real OpenAI-compatible `/v1/embeddings` server on 127.0.0.1 for tests. Its model is a hashed
 * bag of words (each lowercase word adds 1 to one of `dims` buckets; a model name is folded into the
 * hashing so two names give different vectors), which is enough to rank texts sharing words. Knobs
 * reproduce what real servers do: answer items out of order, answer batches out of order, stall,
 * fail with a status for the first N requests.
 */
export interface EmbedServerOptions {
  dims?: number;
  /** Reverse the `data` items of each response (the index field stays correct). */
  shuffle?: boolean;
  /** Delay in ms for a request, by its sequence number (0-based). */
  delay?: (seq: number, input: string[]) => number;
  /** Status to answer for a request, by sequence number; undefined = 200. */
  status?: (seq: number) => number | undefined;
  /** Never answer (for timeouts). */
  hang?: (seq: number) => boolean;
  /** Rewrite the response body (protocol errors). */
  mangle?: (body: { data: { index: number; embedding: number[]; object: string }[] }) => unknown;
}

export interface EmbedServer {
  url: string;
  /** Every request body received, in arrival order. */
  requests: { model: string; input: string[]; auth: string | undefined }[];
  /** Total texts embedded. */
  texts(): number;
  close(): Promise<void>;
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function bagOfWords(model: string, text: string, dims: number): number[] {
  const v = new Array(dims).fill(0);
  for (const w of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) v[hash(model + '\0' + w) % dims] += 1;
  if (v.every((x) => x === 0)) v[0] = 1;
  return v;
}

export async function startEmbedServer(opts: EmbedServerOptions = {}): Promise<EmbedServer> {
  const dims = opts.dims ?? 64;
  const requests: EmbedServer['requests'] = [];
  const hanging = new Set<ServerResponse>();
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/embeddings') {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { model: string; input: string[] };
    const seq = requests.length;
    requests.push({ model: body.model, input: body.input, auth: req.headers.authorization });
    if (opts.hang?.(seq)) {
      hanging.add(res);
      return;
    }
    const d = opts.delay?.(seq, body.input) ?? 0;
    if (d) await new Promise((r) => setTimeout(r, d));
    const status = opts.status?.(seq);
    if (status && status !== 200) {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `test failure ${status}` } }));
      return;
    }
    let data = body.input.map((t, index) => ({ object: 'embedding', index, embedding: bagOfWords(body.model, t, dims) }));
    if (opts.shuffle) data = data.reverse();
    const out = opts.mangle ? opts.mangle({ data }) : { object: 'list', data, model: body.model };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out));
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    texts: () => requests.reduce((n, r) => n + r.input.length, 0),
    close: () =>
      new Promise<void>((r) => {
        for (const h of hanging) h.destroy();
        server.closeAllConnections?.();
        server.close(() => r());
      }),
  };
}

/** The environment that points the embedder at `server`'s bag-of-words model. */
export function bowEnv(server: EmbedServer): Record<string, string> {
  return { MEMORY_EMBEDDER: 'openai', MEMORY_EMBEDDER_URL: server.url, MEMORY_EMBEDDER_MODEL: 'bow' };
}

/**
 * A bag-of-words server for the enclosing describe block (or file): started before its tests, closed
 * after them. `env()` is {@link bowEnv} of it (call it inside a hook or test, once it has started).
 */
export function useEmbedServer(): { server: () => EmbedServer; env: () => Record<string, string> } {
  let server: EmbedServer | undefined;
  beforeAll(async () => {
    server = await startEmbedServer();
  });
  afterAll(() => server?.close());
  const started = () => {
    if (!server) throw new Error('useEmbedServer: the server starts in beforeAll; call env() from a hook or test');
    return server;
  };
  return { server: started, env: () => bowEnv(started()) };
}
