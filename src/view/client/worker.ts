/// <reference lib="webworker" />
/**
 * The static export's Web Worker (dist/view/worker.js): loads the catalog chunks (`data/items-<n>.js`,
 * each a call `__gm(key, value)`) with importScripts and answers list queries, so neither the load nor a
 * search over 100,000 entries runs on the page's main thread. Started by data.ts only for an export
 * served over http(s); from file:// chromium refuses workers and the page does the same work in slices.
 * Messages in: {type:'load', chunks} then {type:'list', id, params}; out: {type:'loaded', count} or
 * {type:'error', message}, and {type:'list', id, result | error}.
 */
import { listCatalog, type Params } from './query.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
const scope = self as unknown as DedicatedWorkerGlobalScope & { __gm?: (k: string, v: Json) => void };
let items: Json[] = [];
const memo = new Map();
const lower: Array<string | undefined> = [];
let ready: Promise<void> | null = null;

function load(chunks: number): Promise<void> {
  return new Promise((resolve, reject) => {
    try {
      let got: Json[] = [];
      scope.__gm = (_k, v) => (got = Array.isArray(v) ? v : []);
      const all: Json[] = [];
      const n = Math.max(1, Math.min(100000, Math.floor(Number(chunks)) || 1));
      for (let i = 0; i < n; i++) {
        got = [];
        scope.importScripts(`data/items-${i}.js`);
        for (const x of got) all.push(x);
      }
      items = all;
      resolve();
    } catch (err) {
      reject(err);
    }
  });
}

scope.onmessage = (ev: MessageEvent) => {
  const msg = ev.data ?? {};
  if (msg.type === 'load' && !ready) {
    ready = load(msg.chunks);
    ready.then(
      () => scope.postMessage({ type: 'loaded', count: items.length }),
      (err) => scope.postMessage({ type: 'error', message: String((err as Error)?.message ?? err).slice(0, 300) }),
    );
  } else if (msg.type === 'list' && ready) {
    ready
      .then(() => listCatalog(items, msg.params as Params, undefined, memo, lower))
      .then(
        (result) => scope.postMessage({ type: 'list', id: msg.id, result }),
        (err) => scope.postMessage({ type: 'list', id: msg.id, error: String((err as Error)?.message ?? err).slice(0, 300) }),
      );
  }
};
