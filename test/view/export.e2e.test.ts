import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, sep } from 'node:path';
import { openDoor } from '../../src/api.js';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cli, makeRepo, tempDir } from '../helpers.js';
import { buildFixture, chromiumPath, NO_BROWSER, HOSTILE, refs, shotPath, type Fixture } from './browser.js';

/** `memory view --export DIR`: the same pages from file://, with the same checks as the served viewer. */
const CHROMIUM = chromiumPath();
if (!CHROMIUM) console.warn(NO_BROWSER);

describe('memory view --export', () => {
  it('refuses a directory holding other files (INVALID_INPUT), writing nothing', () => {
    const fx = { repo: makeRepo({ commit: true }) };
    const dir = tempDir('gm-export-');
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    const r = cli(fx.repo, ['view', '--export', dir, '--json']);
    expect(r.code).toBe(2);
    expect(r.json.error.code).toBe('INVALID_INPUT');
    expect(readdirSync(dir)).toEqual(['notes.txt']);
  });
});

describe.skipIf(!CHROMIUM)('the static export in chromium from file://', () => {
  let fx: Fixture;
  let browser: Browser;
  let page: Page;
  let index = '';
  const foreign: string[] = [];
  const cspErrors: string[] = [];
  const dialogs: string[] = [];

  beforeAll(async () => {
    fx = await buildFixture();
    const before = refs(fx.repo);
    const dir = join(tempDir('gm-export-'), 'site');
    mkdirSync(dir);
    const r = cli(fx.repo, ['view', '--export', dir, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json.memories).toBe(3 + HOSTILE.length + 1);
    expect(refs(fx.repo)).toBe(before);
    index = pathToFileURL(join(dir, 'index.html')).href;
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM!, args: ['--no-sandbox'] });
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.on('request', (q) => {
      if (!q.url().startsWith('file://') && !q.url().startsWith('data:')) foreign.push(q.url());
    });
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) cspErrors.push(m.text());
    });
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  async function open(hash: string, ready: string): Promise<void> {
    // A change of the fragment alone re-renders in place: wait for this render, not the last one.
    await page.evaluate(() => delete document.body.dataset.ready).catch(() => {});
    await page.goto(`${index}${hash}`);
    await page.waitForSelector(`body[data-ready="${ready}"]`);
  }

  it('lists the memories with facets, and search narrows them', async () => {
    await open('#/memories', 'memories');
    const ids = await page.$$eval('#items li', (els) => els.map((e) => e.getAttribute('data-id')));
    expect(ids).toHaveLength(3 + HOSTILE.length);
    expect(ids).toContain(fx.ids[0]);
    expect(await page.textContent('[data-facet="state"]')).toMatch(/trash\s*1/);
    await page.fill('#q', 'staging');
    await page.waitForFunction(() => document.querySelectorAll('#items li').length === 1);
    expect(await page.getAttribute('#items li', 'data-id')).toBe(fx.ids[1]);
    await page.screenshot({ path: shotPath('export-memories') });
  });

  it('a memory shows its versions and a diff', async () => {
    await open(`#/memory?id=${fx.cacheId}`, 'memory');
    expect(await page.$$eval('#versions tr', (t) => t.length - 1)).toBe(3);
    expect(await page.textContent('#diff .del')).toContain('one hour');
    expect(await page.textContent('#diff .add')).toContain('two hours');
  });

  it('log, stats with plots, health and core pages load', async () => {
    await open('#/log', 'log');
    expect(await page.$$eval('#log tr[data-commit]', (r) => r.length)).toBeGreaterThan(10);
    await open('#/stats', 'stats');
    expect(await page.$$eval('#plot-tags rect', (r) => r.length)).toBeGreaterThanOrEqual(5);
    expect(Number(await page.getAttribute('#plot-days', 'data-points'))).toBeGreaterThan(0);
    await open('#/health', 'health');
    expect(await page.textContent('#dupids')).toContain('(0)');
    await open('#/core', 'core');
    expect(await page.textContent('.core-doc')).toContain('reviewed');
  });

  it('hostile memories never run and load nothing remote', async () => {
    for (const id of fx.hostileIds) {
      await open(`#/memory?id=${id}`, 'memory');
      const bad = await page.$eval('.markdown', (el) => el.querySelectorAll('script,img,svg,iframe,form,style,math,details').length + [...el.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => a.name.startsWith('on') || a.name === 'style')).length);
      expect(bad).toBe(0);
    }
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(foreign).toEqual([]);
    expect(cspErrors).toEqual([]);
  });
});

/**
 * An export of more than one catalog chunk (2,000 entries each), served over http as GitHub Pages
 * serves it (a plain static server, the page's meta tag the only policy) and opened from file://. Over
 * http the catalog loads and is searched in the page's Web Worker; from file:// chromium refuses the
 * worker and the page does the same work in slices. Either way the first page comes from the first
 * chunk, and a search finds a memory that is only in the last chunk.
 */
describe.skipIf(!CHROMIUM)('a static export of several chunks: worker over http, slices from file://', () => {
  let browser: Browser;
  let site = '';
  let server: Server;
  let origin = '';
  const N = 2600;

  beforeAll(async () => {
    const repo = makeRepo({ commit: true });
    const m = openDoor({ repo, embedOnWrite: false, source: 'cli' });
    try {
      const t0 = Date.parse('2025-01-01T00:00:00Z');
      const records = Array.from({ length: N }, (_, i) => ({ content: i === 0 ? 'The oldest memory mentions a zanzibar needle.' : `Ordinary memory ${i} about builds.`, tags: [i % 2 ? 'odd' : 'even'], timestamp: new Date(t0 + i * 60_000).toISOString() }));
      records.push({ content: HOSTILE[0], tags: ['hostile'], timestamp: new Date(t0 + N * 60_000).toISOString() });
      await m.importMemories({ records });
    } finally {
      m.close();
    }
    site = join(tempDir('gm-export-'), 'site');
    const r = cli(repo, ['view', '--export', site, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(join(site, 'data')).filter((f) => f.startsWith('items-'))).toHaveLength(2);
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const file = join(site, path === '/' ? 'index.html' : path);
      if (!file.startsWith(site + sep) || !existsSync(file)) return void res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': file.endsWith('.html') ? 'text/html' : file.endsWith('.css') ? 'text/css' : 'text/javascript' }).end(readFileSync(file));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM!, args: ['--no-sandbox'] });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    server?.close();
  });

  it.each([['http', 'yes'], ['file', 'no']])('from %s (worker: %s): first page, facets of all chunks, a search reaching the last chunk, nothing run', async (how, worker) => {
    const page = await (await browser.newContext()).newPage();
    const csp: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) csp.push(msg.text());
    });
    await page.goto(how === 'http' ? `${origin}/index.html` : pathToFileURL(join(site, 'index.html')).href);
    await page.waitForSelector('#items li');
    expect(await page.$$eval('#items li', (els) => els.length)).toBe(50);
    expect(await page.textContent('#total')).toContain(`${N + 1} memories`);
    await page.waitForFunction(() => document.body.dataset.catalog === 'loaded');
    expect(String(await page.evaluate(() => document.body.dataset.worker))).toMatch(new RegExp(`^${worker}`));
    await page.fill('#q', 'zanzibar needle');
    await page.waitForFunction(() => document.querySelectorAll('#items li').length === 1 && !document.body.dataset.busy);
    expect(await page.textContent('#items li')).toContain('zanzibar');
    await page.fill('#q', '');
    await page.waitForFunction(() => document.querySelectorAll('#items li').length === 50 && !document.body.dataset.busy);
    await page.click('[data-facet="tags"] a:text-is("odd")');
    await page.waitForFunction(() => location.hash.includes('tag=odd') && !document.body.dataset.busy && document.body.dataset.ready === 'memories');
    expect(await page.textContent('#total')).toContain(`${N / 2} memories`);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(csp).toEqual([]);
    await page.screenshot({ path: shotPath(`export-chunks-${how}`) });
  });
});
