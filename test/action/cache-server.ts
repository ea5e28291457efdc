import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test scaffolding: the GitHub Actions cache service as @actions/cache (v4+, "cache service v2")
 * speaks it, on 127.0.0.1. A runner sets ACTIONS_CACHE_SERVICE_V2, ACTIONS_RESULTS_URL and
 * ACTIONS_RUNTIME_TOKEN ({@link CacheServer.env}); the library then
 *  - POSTs Twirp JSON to `/twirp/github.actions.results.api.v1.CacheService/<Method>` with the token
 *    as a bearer: GetCacheEntryDownloadURL {key, restore_keys, version} -> {ok, signed_download_url,
 *    matched_key}; CreateCacheEntry {key, version} -> {ok, signed_upload_url};
 *    FinalizeCacheEntryUpload {key, version, size_bytes} -> {ok, entry_id};
 *  - uploads the archive to the signed URL with the Azure Blob SDK (one `Put Blob` up to 128 MiB, else
 *    `Put Block` + `Put Block List`), and downloads it with a plain GET (the host is not Azure's).
 * Lookup as the service does it (GitHub's "Cache key matching"): the primary key exactly, then the
 * primary key as a prefix, then each restore key as a prefix, newest entry first, always within the
 * same `version` (a hash of the paths and the compression). Entries are
 * immutable: a second CreateCacheEntry of a key and version answers ok=false.
 */
export interface CacheEntry {
  key: string;
  version: string;
  data: Buffer;
  created: number;
}

export interface CacheServer {
  url: string;
  /** What a runner exports for the cache service. */
  env: NodeJS.ProcessEnv;
  /** Finalized entries, oldest first. */
  entries: CacheEntry[];
  /** `<Method> <key>` of every Twirp call, and `PUT`/`GET` of archives, in order. */
  calls: string[];
  close(): Promise<void>;
}

const SERVICE = '/twirp/github.actions.results.api.v1.CacheService/';

export async function startCacheServer(token = 'runtime-token-for-tests'): Promise<CacheServer> {
  const entries: CacheEntry[] = [];
  const uploads = new Map<string, { key: string; version: string; data: Buffer | null; blocks: Map<string, Buffer> }>();
  const calls: string[] = [];
  let seq = 0;
  let base = '';
  const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const twirp = (method: string, body: Record<string, string | string[] | undefined>, res: ServerResponse) => {
    const key = String(body.key ?? '');
    const version = String(body.version ?? '');
    calls.push(`${method} ${key}`);
    if (method === 'GetCacheEntryDownloadURL') {
      const sameVersion = entries.filter((e) => e.version === version).reverse();
      const restoreKeys = (body.restore_keys ?? body.restoreKeys ?? []) as string[];
      const hit = sameVersion.find((e) => e.key === key) ?? [key, ...restoreKeys].map((p) => sameVersion.find((e) => e.key.startsWith(p))).find(Boolean);
      if (!hit) return json(res, 200, { ok: false });
      return json(res, 200, { ok: true, signed_download_url: `${base}download/${entries.indexOf(hit)}?sig=read`, matched_key: hit.key });
    }
    if (method === 'CreateCacheEntry') {
      if (entries.some((e) => e.key === key && e.version === version) || [...uploads.values()].some((u) => u.key === key && u.version === version)) {
        return json(res, 200, { ok: false, message: `cache entry ${key} already exists` });
      }
      const id = `u${seq++}`;
      uploads.set(id, { key, version, data: null, blocks: new Map() });
      return json(res, 200, { ok: true, signed_upload_url: `${base}devstoreaccount1/actions-cache/${id}?sig=write` });
    }
    if (method === 'FinalizeCacheEntryUpload') {
      const [id, up] = [...uploads].find(([, u]) => u.key === key && u.version === version) ?? [];
      if (!id || !up?.data || String(up.data.length) !== String(body.size_bytes ?? body.sizeBytes)) return json(res, 200, { ok: false, message: 'no matching upload' });
      uploads.delete(id);
      entries.push({ key, version, data: up.data, created: Date.now() });
      return json(res, 200, { ok: true, entry_id: String(entries.length) });
    }
    json(res, 404, { code: 'bad_route', msg: `no method ${method}` });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', base);
    if (req.method === 'POST' && url.pathname.startsWith(SERVICE)) {
      if (req.headers.authorization !== `Bearer ${token}`) return json(res, 401, { code: 'unauthenticated', msg: 'bad token' });
      return twirp(url.pathname.slice(SERVICE.length), JSON.parse(body.toString('utf8')), res);
    }
    const up = /^\/devstoreaccount1\/actions-cache\/(u\d+)$/.exec(url.pathname);
    if (req.method === 'PUT' && up && uploads.has(up[1]) && url.searchParams.get('sig') === 'write') {
      const u = uploads.get(up[1])!;
      const comp = url.searchParams.get('comp');
      calls.push(`PUT ${comp ?? 'blob'} ${body.length}`);
      if (comp === 'block') u.blocks.set(url.searchParams.get('blockid') ?? '', body);
      else if (comp === 'blocklist') u.data = Buffer.concat([...body.toString('utf8').matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]+)</g)].map((m) => u.blocks.get(m[1]) ?? Buffer.alloc(0)));
      else u.data = body;
      return res.writeHead(201, { etag: `"${up[1]}"`, 'last-modified': new Date().toUTCString(), 'x-ms-request-server-encrypted': 'true' }).end();
    }
    const down = /^\/download\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && down && entries[Number(down[1])] && url.searchParams.get('sig') === 'read') {
      const e = entries[Number(down[1])];
      calls.push(`GET ${e.data.length}`);
      return res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(e.data.length) }).end(e.data);
    }
    res.writeHead(404).end();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    url: base,
    env: { ACTIONS_CACHE_SERVICE_V2: 'true', ACTIONS_RESULTS_URL: base, ACTIONS_CACHE_URL: '', ACTIONS_RUNTIME_TOKEN: token },
    entries,
    calls,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
