import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { buildViewer } from '../../scripts/build-view.mjs';
import { chromiumPath, NO_BROWSER } from './browser.js';

/**
 * The viewer page's units, each on its own inputs in chromium (they need a DOM): the element helpers
 * (src/view/client/dom.ts), the Markdown renderer (markdown.ts), the plots (charts.ts) and the data
 * client (data.ts) against a stand-in live server and a stand-in static export. A harness bundles these
 * four files alone (no pages, no shell), served with the page by a local server of the test's own.
 */
const CHROMIUM = chromiumPath();
if (!CHROMIUM) console.warn(NO_BROWSER);

const client = (f: string) => JSON.stringify(join(process.cwd(), 'src', 'view', 'client', f));
const HARNESS = [
  `import { h, s } from ${client('dom.ts')};`,
  `import { renderMarkdown } from ${client('markdown.ts')};`,
  `import { barChart, gauge, lineChart } from ${client('charts.ts')};`,
  `import { api, STATIC } from ${client('data.ts')};`,
  'Object.assign(window, { units: { h, s, renderMarkdown, barChart, gauge, lineChart, api, STATIC } });',
].join('\n');

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Units = any;
declare const units: Units;

describe.skipIf(!CHROMIUM)('viewer client units (src/view/client)', () => {
  let dir = '';
  let harness = '';
  let worker = '';
  let browser: Browser;
  const requests: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gm-client-units-'));
    const out = await build({ stdin: { contents: HARNESS, resolveDir: process.cwd(), loader: 'ts' }, bundle: true, platform: 'browser', format: 'iife', target: 'es2020', write: false, logLevel: 'silent' });
    harness = out.outputFiles[0].text;
    await buildViewer(join(dir, 'view'));
    worker = readFileSync(join(dir, 'view', 'worker.js'), 'utf8');
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM!, args: ['--no-sandbox'] });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    for (const server of servers) server.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const servers: Server[] = [];
  /** A page served by a local server of its own: the page and the harness, and whatever `serve` answers (404 when undefined). */
  async function pageAt(html: string, serve: (path: string, req: IncomingMessage) => { status?: number; body: string; type?: string } | undefined = () => undefined, path = '/index.html'): Promise<Page> {
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const r = url.pathname === '/index.html' ? { body: html, type: 'text/html' } : url.pathname === '/harness.js' ? { body: harness } : serve(url.pathname + url.search, req);
      res.writeHead(r ? (r.status ?? 200) : 404, { 'content-type': r?.type ?? 'text/javascript' });
      res.end(r ? r.body : 'not found');
    });
    servers.push(server);
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const page = await (await browser.newContext()).newPage();
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
    await page.waitForFunction(() => 'units' in window);
    return page;
  }
  const PLAIN = '<!doctype html><html><head><meta charset="utf-8"></head><body><div id="app"></div><script src="harness.js"></script></body></html>';

  it('dom.ts: strings become text nodes, never markup; links are in-page routes; handlers attach; SVG in its namespace', async () => {
    const page = await pageAt(PLAIN);
    const r = await page.evaluate(() => {
      let clicked = 0;
      const el = units.h('div', { class: 'x', href: 'javascript:alert(1)', hidden: false, 'data-n': 3, onclick: () => clicked++ }, '<b>bold</b>', 7, null, undefined, false, [['nested', units.h('i', {}, 'i')]]);
      const a = units.h('a', { href: '#/memory?id=mem_1' }, 'ok');
      const away = units.h('a', { href: 'https://remote.example/' }, 'away');
      el.click();
      const svg = units.s('svg', { width: 10 }, units.s('text', {}, '<script>x</script>'));
      return { html: el.innerHTML, text: el.textContent, hidden: el.hasAttribute('hidden'), n: el.getAttribute('data-n'), href: el.getAttribute('href'), a: a.getAttribute('href'), away: away.getAttribute('href'), clicked, ns: svg.namespaceURI, svgText: svg.textContent, scripts: svg.querySelectorAll('script').length };
    });
    expect(r.html).toBe('&lt;b&gt;bold&lt;/b&gt;7nested<i>i</i>');
    expect(r.text).toBe('<b>bold</b>7nestedi');
    expect([r.hidden, r.n, r.href, r.a, r.away, r.clicked]).toEqual([false, '3', '#', '#/memory?id=mem_1', '#', 1]);
    expect(r.ns).toBe('http://www.w3.org/2000/svg');
    expect([r.svgText, r.scripts]).toEqual(['<script>x</script>', 0]);
  });

  it('markdown.ts: Markdown with the allowed tags only, safe links opened apart, images as their text, no script', async () => {
    const page = await pageAt(PLAIN);
    const r = await page.evaluate(() => {
      const render = (t: string) => units.renderMarkdown(t);
      const doc = render('# Title\n\n**bold** and `code`, [ok](https://example.org "t") [mail](mailto:a@b.c) [bad](javascript:alert(1)) [data](data:text/html,x)\n\n![pixel](https://remote.example/p.png)\n\n<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"><b onclick="x()">b</b>\n\n| a |\n|---|\n| 1 |');
      document.body.append(doc);
      const links = [...doc.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel'), a.getAttribute('target'), a.getAttribute('title')]);
      const tags = [...new Set([...doc.querySelectorAll('*')].map((e) => e.tagName.toLowerCase()))].sort();
      const attrs = [...new Set([...doc.querySelectorAll('*')].flatMap((e) => [...e.attributes].map((x) => x.name)))].sort();
      return { cls: doc.className, links, tags, attrs, text: doc.textContent, pwned: (window as unknown as { __pwned?: unknown }).__pwned };
    });
    expect(r.cls).toBe('markdown');
    expect(r.links).toEqual([
      ['ok', 'https://example.org', 'noopener noreferrer nofollow', '_blank', 't'],
      ['mail', 'mailto:a@b.c', 'noopener noreferrer nofollow', '_blank', null],
    ]);
    expect(r.tags).toEqual(['a', 'code', 'h1', 'p', 'strong', 'table', 'tbody', 'td', 'th', 'thead', 'tr']);
    expect(r.attrs).toEqual(['href', 'rel', 'target', 'title']);
    expect(r.text).toContain('![pixel](https://remote.example/p.png)');
    expect(r.text).toContain('[bad](javascript:alert(1))');
    expect(r.text).toContain('<script>window.__pwned=1</script>');
    expect(r.pwned).toBeUndefined();
    expect(requests.filter((u) => u.includes('remote.example'))).toEqual([]);
  });

  it('charts.ts: one mark a value, labels as text, a gauge filled to its share of the cap', async () => {
    const page = await pageAt(PLAIN);
    const r = await page.evaluate(() => {
      const bars = units.barChart('b', [['2026-01-01', 2], ['2026-01-02', 5]]);
      const side = units.barChart('s', [['<img src=x>', 3]], { horizontal: true });
      const lines = units.lineChart('l', ['2026-01', '2026-02', '2026-03'], [{ category: 'facts', counts: [1, 0, 2] }, { category: 'process', counts: [0, 1, 1] }]);
      const one = units.lineChart('o', ['2026-01'], [{ category: 'facts', counts: [4] }]);
      const full = units.gauge('g', 'live', 95, 100);
      const empty = units.gauge('e', 'live', 5, 0);
      const svg = (f: Element) => f.querySelector('svg')!;
      return {
        bars: [svg(bars).id, svg(bars).getAttribute('data-points'), svg(bars).querySelectorAll('rect').length, [...svg(bars).querySelectorAll('title')].map((t) => t.textContent)],
        side: [svg(side).querySelectorAll('img').length, [...svg(side).querySelectorAll('text')].map((t) => t.textContent)],
        lines: [svg(lines).getAttribute('data-points'), [...svg(lines).querySelectorAll('polyline')].map((p) => p.getAttribute('points')!.split(' ').length), [...svg(lines).querySelectorAll('text')].map((t) => t.textContent).slice(0, 2)],
        one: [svg(one).querySelectorAll('polyline').length, svg(one).querySelectorAll('circle').length],
        full: [svg(full).querySelectorAll('rect')[1].getAttribute('width'), svg(full).querySelectorAll('rect')[1].getAttribute('fill'), svg(full).textContent],
        empty: svg(empty).querySelectorAll('rect')[1].getAttribute('width'),
      };
    });
    expect(r.bars).toEqual(['b', '2', 2, ['2026-01-01: 2', '2026-01-02: 5']]);
    expect(r.side).toEqual([0, ['<img src=x>', '3']]);
    // Cumulative counts per category: facts 1, 1, 3; process 0, 1, 2.
    expect(r.lines).toEqual(['6', [3, 3], ['facts 3', 'process 2']]);
    expect(r.one).toEqual([0, 1]);
    expect(r.full).toEqual([String(440 * 0.95), '#e15759', 'live: 95 / 100']);
    expect(r.empty).toBe('0');
  });

  it('data.ts, live: the session token from the URL goes into the tab and every request; an error answer rejects with its message', async () => {
    const seen: Array<string | null> = [];
    const page = await pageAt(
      PLAIN,
      (path, req) => {
        seen.push(req.headers.authorization ?? null);
        if (path.startsWith('/api/branch')) return { body: JSON.stringify({ branch: 'memory', tip: 'abc' }), type: 'application/json' };
        if (path.startsWith('/api/list')) return { body: JSON.stringify({ echo: path }), type: 'application/json' };
        return { status: 400, body: JSON.stringify({ error: { message: 'bad input here' } }), type: 'application/json' };
      },
      '/index.html?token=tok-123#/memories',
    );
    const r = await page.evaluate(async () => ({
      url: location.pathname + location.search + location.hash,
      kept: sessionStorage.getItem('git-memory-view-token'),
      statik: units.STATIC,
      branch: await units.api('branch'),
      list: await units.api('list', { q: 'a b', tag: ['x', 'y'], at: '' }),
      error: await units.api('stats').catch((e: Error) => e.message),
    }));
    expect(r.url).toBe('/index.html#/memories');
    expect(r.kept).toBe('tok-123');
    expect(r.statik).toBe(false);
    expect(r.branch).toEqual({ branch: 'memory', tip: 'abc' });
    expect(r.list).toEqual({ echo: '/api/list?q=a+b&tag=x&tag=y' });
    expect(r.error).toBe('bad input here');
    expect(seen.filter((a) => a !== null)).toEqual(['Bearer tok-123', 'Bearer tok-123', 'Bearer tok-123']);
  });

  // The static export: `data/<key>.js` files call `__gm(key, value)`. Three live memories in two catalog
  // chunks, one memory page bucket.
  const items = [
    { id: 'mem_c', timestamp: '2026-01-03T00:00:00.000Z', tags: ['deploy'], category: 'process', priority: 'high', state: 'live', excerpt: 'deploy with the runbook' },
    { id: 'mem_b', timestamp: '2026-01-02T00:00:00.000Z', tags: ['tests'], category: 'facts', priority: 'medium', state: 'live', excerpt: 'tests run nightly' },
    { id: 'mem_a', timestamp: '2026-01-01T00:00:00.000Z', tags: ['deploy'], category: 'facts', priority: 'low', state: 'live', excerpt: 'deploy freeze in december' },
  ];
  const bucket = (id: string) => {
    let hsh = 0;
    for (let i = 0; i < id.length; i++) hsh = (Math.imul(hsh, 31) + id.charCodeAt(i)) >>> 0;
    return hsh % 2;
  };
  const exportFiles = (withWorker: boolean) => (path: string) => {
    const gm = (k: string, v: unknown) => ({ body: `__gm(${JSON.stringify(k)}, ${JSON.stringify(v)});` });
    if (path === '/data/meta.js') return gm('meta', { branch: { branch: 'memory', tip: 'abc' }, chunks: 2, buckets: 2, live: { total: 3, facets: { tags: [['deploy', 2], ['tests', 1]] } } });
    if (path === '/data/items-0.js') return gm('items-0', items.slice(0, 2));
    if (path === '/data/items-1.js') return gm('items-1', items.slice(2));
    if (path === `/data/mb-${bucket('mem_b')}.js`) return gm(`mb-${bucket('mem_b')}`, { mem_b: { id: 'mem_b', page: 'of mem_b' } });
    if (path === '/data/log.js') return gm('log', { entries: [] });
    if (path === '/worker.js' && withWorker) return { body: worker };
    return undefined;
  };
  const STATIC_HTML = PLAIN.replace('<html>', '<html data-static="1">');

  for (const withWorker of [true, false]) {
    it(`data.ts, static export (${withWorker ? 'list queries in the Web Worker' : 'no worker: on the main thread'}): every answer from the export's files, what needs the live viewer refused`, async () => {
      const page = await pageAt(STATIC_HTML, exportFiles(withWorker));
      const r = await page.evaluate(async () => ({
        statik: units.STATIC,
        branch: await units.api('branch'),
        first: await units.api('list', {}),
        query: await units.api('list', { q: 'deploy' }),
        loaded: document.body.dataset.catalog,
        worker: document.body.dataset.worker,
        memory: await units.api('memory', { id: 'mem_b' }),
        missing: await units.api('memory', { id: 'mem_zz' }).catch((e: Error) => e.message),
        older: await units.api('list', { at: 'abc' }).catch((e: Error) => e.message),
        compare: await units.api('compare', { a: 'a', b: 'b' }).catch((e: Error) => e.message),
        log: await units.api('log'),
      }));
      expect(r.statik).toBe(true);
      expect(r.branch).toEqual({ branch: 'memory', tip: 'abc' });
      // The first page before the whole catalog: the first chunk and the export's own facets.
      expect(r.first.total).toBe(3);
      expect(r.first.items.map((i: { id: string }) => i.id)).toEqual(['mem_c', 'mem_b', 'mem_a']);
      expect(r.query.items.map((i: { id: string }) => i.id)).toEqual(['mem_c', 'mem_a']);
      expect(r.loaded).toBe('loaded');
      if (withWorker) expect(r.worker).toBe('yes');
      else expect(r.worker).toMatch(/^no: /);
      expect(r.memory).toEqual({ id: 'mem_b', page: 'of mem_b' });
      expect(r.missing).toMatch(/^not in this export: /);
      expect(r.older).toMatch(/needs the live viewer/);
      expect(r.compare).toMatch(/needs the live viewer/);
      expect(r.log).toEqual({ entries: [] });
    });
  }
});
