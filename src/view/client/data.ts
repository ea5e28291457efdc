/// <reference lib="dom" />
/**
 * Where the viewer's page gets its data: `api(route, params)`. In the live viewer, a fetch of
 * `/api/<route>` with the session token; in a static export (no server; `data-static="1"`), the same
 * answers from the export's `data/<key>.js` files, with the list queried over the catalog in a Web
 * Worker (worker.ts) when the browser allows one, else on the main thread in slices (query.ts). Kept
 * apart from the pages so that they never know which of the two answers them.
 */
import { listCatalog, plainQuery, PAGE } from './query.js';

export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any
export type Params = Record<string, string | string[]>;

/** A static export (no server), as the export's index.html marks it. */
export const STATIC = document.documentElement.dataset.static === '1';

const staticChunks = new Map<string, Promise<Json>>();
(window as unknown as { __gm: (k: string, v: Json) => void }).__gm = (k, v) => pending.get(k)?.(v);
const pending = new Map<string, (v: Json) => void>();
/** The export's data: `data/<key>.js` files calling `__gm(key, value)` (fetch() of file:// is refused). */
function chunk(key: string): Promise<Json> {
  let p = staticChunks.get(key);
  if (!p) {
    p = new Promise((resolve, reject) => {
      pending.set(key, resolve);
      const el = document.createElement('script');
      el.src = `data/${key.split('/').map(encodeURIComponent).join('/')}.js`;
      el.onerror = () => reject(new Error(`not in this export: ${key}`));
      document.head.appendChild(el);
    });
    staticChunks.set(key, p);
  }
  return p;
}

/**
 * The live viewer's session token: taken from the first URL (`?token=`), kept in this tab's
 * sessionStorage (one origin: this port only), sent as `Authorization: Bearer`. Never a cookie: a
 * 127.0.0.1 cookie is sent to every port of 127.0.0.1, that is to any other local server.
 */
const TOKEN_KEY = 'git-memory-view-token';
function sessionToken(): string {
  try {
    const u = new URL(location.href);
    const given = u.searchParams.get('token');
    if (given) {
      sessionStorage.setItem(TOKEN_KEY, given);
      u.searchParams.delete('token');
      history.replaceState(null, '', u.pathname + u.search + u.hash);
    }
    return sessionStorage.getItem(TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}
const TOKEN = STATIC ? '' : sessionToken();

/** One route's answer (`branch`, `list`, `memory`, `log`, `compare`, `stats`, `health`, `core`). */
export async function api(route: string, params: Params = {}): Promise<Json> {
  if (STATIC) return staticApi(route, params);
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const x of Array.isArray(v) ? v : [v]) if (x !== '') q.append(k, x);
  const r = await fetch(`/api/${route}?${q}`, { credentials: 'omit', headers: TOKEN ? { Authorization: `Bearer ${TOKEN}` } : {} });
  if (r.status === 403) throw new Error('this tab has no session token: open the URL "memory view" printed');
  const j = await r.json();
  if (!r.ok) throw new Error(j?.error?.message ?? `HTTP ${r.status}`);
  return j;
}

// ---------- the export's catalog: off the main thread, or in slices ----------
/** Yields to the browser (input, rendering) between slices of main-thread work: a macrotask, not a 4 ms timer. */
function pause(): Promise<void> {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve();
    ch.port2.postMessage(0);
  });
}
/** A list query a newer one replaced (typing on): the page drops it. */
export class Superseded extends Error {}
let listSeq = 0;

interface CatalogEngine {
  list(p: Params): Promise<Json>;
}
let engine: Promise<CatalogEngine> | null = null;

/** A worker that loads and queries the catalog (an export served over http(s)). Rejects when refused. */
function workerEngine(chunks: number): Promise<CatalogEngine> {
  return new Promise((resolve, reject) => {
    // From file:// chromium throws here (origin null); other browsers may fire 'error' instead.
    const w = new Worker('worker.js');
    const waiting = new Map<number, { ok: (v: Json) => void; fail: (e: Error) => void }>();
    let next = 0;
    let loaded = false;
    w.onerror = (ev) => {
      ev.preventDefault();
      if (!loaded) reject(new Error(ev.message || 'worker refused'));
    };
    w.onmessage = (ev: MessageEvent) => {
      const m = ev.data ?? {};
      if (m.type === 'loaded') {
        loaded = true;
        resolve({
          list: (params) =>
            new Promise((ok, fail) => {
              const id = ++next;
              waiting.set(id, { ok, fail });
              w.postMessage({ type: 'list', id, params });
            }),
        });
      } else if (m.type === 'error') reject(new Error(m.message));
      else if (m.type === 'list') {
        const cb = waiting.get(m.id);
        waiting.delete(m.id);
        if (m.error) cb?.fail(new Error(m.error));
        else cb?.ok(m.result);
      }
    };
    w.postMessage({ type: 'load', chunks });
  });
}

/** The same work on the main thread, one chunk or one slice per task (file://). */
async function mainEngine(chunks: number): Promise<CatalogEngine> {
  // After the page's load event: script elements added before it hold the event (and the browser's
  // spinner) until the last of 50 chunks is in, though the first page shows from the first chunk.
  if (document.readyState !== 'complete') await new Promise((r) => window.addEventListener('load', r, { once: true }));
  const items: Json[] = [];
  for (let i = 0; i < chunks; i++) {
    for (const x of await chunk(`items-${i}`)) items.push(x);
    staticChunks.delete(`items-${i}`);
    await pause();
  }
  const memo = new Map();
  const lower: Array<string | undefined> = [];
  return {
    list: (params) => {
      const mine = ++listSeq;
      return listCatalog(items, params, async () => {
        await pause();
        // Typing on: a newer query replaced this one; stop instead of finishing it.
        if (mine !== listSeq) throw new Superseded('superseded');
      }, memo, lower);
    },
  };
}

function catalog(): Promise<CatalogEngine> {
  if (!engine) {
    document.body.dataset.catalog = 'loading';
    engine = (async () => {
      const meta = await chunk('meta');
      const chunks = Math.max(1, Number(meta.chunks) || 1);
      let e: CatalogEngine;
      try {
        e = await workerEngine(chunks);
        document.body.dataset.worker = 'yes';
      } catch (err) {
        document.body.dataset.worker = `no: ${String((err as Error).message).slice(0, 100)}`;
        e = await mainEngine(chunks);
      }
      document.body.dataset.catalog = 'loaded';
      return e;
    })();
  }
  return engine;
}

async function staticApi(route: string, p: Params): Promise<Json> {
  const one = (k: string) => (Array.isArray(p[k]) ? (p[k] as string[])[0] : (p[k] as string | undefined)) ?? '';
  if (route === 'branch') return (await chunk('meta')).branch;
  if (route === 'list') {
    if (one('at')) throw new Error('browsing an older commit needs the live viewer (memory view); the export holds the tip');
    const meta = await chunk('meta');
    const load = catalog();
    // The first pages of the plain list come from the first chunk and the facets the export counted:
    // they do not wait for the whole catalog (50 chunks at 100,000).
    if (plainQuery(p) && meta.live && !document.body.dataset.catalog?.startsWith('loaded')) {
      const page = Math.max(1, Math.floor(Number(one('page'))) || 1);
      const live = (await chunk('items-0')).filter((i: Json) => i.state === 'live');
      if (page * PAGE <= live.length || live.length === meta.live.total) return { at: null, total: meta.live.total, page, size: PAGE, items: live.slice((page - 1) * PAGE, page * PAGE), facets: meta.live.facets };
    }
    return (await load).list(p);
  }
  if (route === 'memory') {
    if (one('at')) throw new Error('an older commit needs the live viewer (memory view)');
    const id = one('id');
    const meta = await chunk('meta');
    let hsh = 0;
    for (let i = 0; i < id.length; i++) hsh = (Math.imul(hsh, 31) + id.charCodeAt(i)) >>> 0;
    const page = (await chunk(`mb-${hsh % meta.buckets}`))[id];
    if (!page || !Object.prototype.hasOwnProperty.call(await chunk(`mb-${hsh % meta.buckets}`), id)) throw new Error(`not in this export: ${id}`);
    return page;
  }
  if (route === 'log') return chunk('log');
  if (route === 'compare') throw new Error('comparing commits needs the live viewer (memory view); the export holds the tip and each memory\'s versions');
  return chunk(route);
}
