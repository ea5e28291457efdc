import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildFixture, chromiumPath, NO_BROWSER, HOSTILE, refs, renderedAt, shotPath, startViewer, type Fixture, type RunningViewer } from './browser.js';

/**
 * `memory view` in a real browser (Debian's chromium through playwright-core): every page shows the
 * branch's memories, search narrows, versions and diffs, time travel, plots; hostile memory text never
 * runs and loads nothing remote; no route writes; the token and Host checks hold.
 */
const CHROMIUM = chromiumPath();
if (!CHROMIUM) console.warn(NO_BROWSER);

describe.skipIf(!CHROMIUM)('memory view in chromium', () => {
  let fx: Fixture;
  let viewer: RunningViewer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** Requests to any origin but the viewer's. */
  const foreign: string[] = [];
  const cspErrors: string[] = [];
  const dialogs: string[] = [];
  let refsBefore = '';

  beforeAll(async () => {
    fx = await buildFixture();
    refsBefore = refs(fx.repo);
    viewer = await startViewer(fx.repo);
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM!, args: ['--no-sandbox'] });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('request', (r) => {
      const u = r.url();
      if (!u.startsWith(viewer.origin + '/') && !u.startsWith('data:') && !u.startsWith('about:')) foreign.push(u);
    });
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) cspErrors.push(m.text());
    });
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    // The first URL carries the token; the page keeps it in the tab's sessionStorage and drops it from the address bar.
    await page.goto(viewer.url);
    expect(page.url()).not.toContain('token=');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await viewer?.stop();
  });

  const open = (hash: string, ready: string) => renderedAt(page, `${viewer.origin}/${hash}`, ready);
  const pwned = () => page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned);

  it('lists the memories newest first with facets, and shows each page', async () => {
    await open('#/memories', 'memories');
    const ids = await page.$$eval('#items li', (els) => els.map((e) => e.getAttribute('data-id')));
    // Live memories: 3 plain + the hostile corpus; the deleted cache memory is in the trash facet only.
    expect(ids).toHaveLength(3 + HOSTILE.length);
    expect(ids[0]).toBe(fx.hostileIds[fx.hostileIds.length - 1]);
    expect(ids).toContain(fx.ids[0]);
    expect(ids).not.toContain(fx.cacheId);
    expect(await page.textContent('[data-facet="state"]')).toMatch(/trash\s*1/);
    expect(await page.textContent('[data-facet="category"]')).toMatch(/hostile\s*9/);
    await page.screenshot({ path: shotPath('memories'), fullPage: false });
    // A facet narrows the list, and the state is in the URL.
    await page.click('[data-facet="category"] a:text-is("facts")');
    await page.waitForFunction(() => document.querySelectorAll('#items li').length === 1);
    expect(page.url()).toContain('category=facts');
    expect(await page.getAttribute('#items li', 'data-id')).toBe(fx.ids[0]);
  });

  it('search narrows the list as you type, with the score and matched words', async () => {
    await open('#/memories', 'memories');
    await page.fill('#q', 'staging cluster');
    await page.waitForFunction(() => document.querySelectorAll('#items li').length === 1);
    expect(await page.getAttribute('#items li', 'data-id')).toBe(fx.ids[1]);
    expect(await page.textContent('#items li .score')).toMatch(/score \d/);
    expect(await page.$$eval('#items li mark', (m) => m.map((x) => x.textContent?.toLowerCase()))).toEqual(expect.arrayContaining(['staging', 'cluster']));
    expect(page.url()).toContain('q=staging');
    await page.screenshot({ path: shotPath('search') });
  });

  it('a memory shows its versions, authors and a diff between two of them', async () => {
    await open(`#/memory?id=${fx.cacheId}`, 'memory');
    const rows = await page.$$eval('#versions tr', (trs) => trs.slice(1).map((t) => t.textContent ?? ''));
    expect(rows.length).toBe(3);
    expect(rows[0]).toMatch(/deleted/);
    expect(rows[2]).toMatch(/stored/);
    expect(await page.textContent('#diff .del')).toContain('one hour');
    expect(await page.textContent('#diff .add')).toContain('two hours');
    expect(await page.textContent('.commands')).toContain(`memory trash restore ${fx.cacheId}`);
    await page.screenshot({ path: shotPath('memory') });
    await open(`#/memory?id=${fx.ids[0]}`, 'memory');
    expect(await page.innerHTML('.markdown')).toContain('<strong>100 requests per minute</strong>');
    expect(await page.textContent('#frontmatter')).toContain('priority: high');
  });

  it('time travel: an older commit shows the memory deleted since, and compare lists it', async () => {
    await open('#/log', 'log');
    expect(await page.$$eval('#log tr[data-commit]', (r) => r.length)).toBeGreaterThan(10);
    await page.screenshot({ path: shotPath('log') });
    await open(`#/memories?at=${fx.beforeDelete}`, 'memories');
    const ids = await page.$$eval('#items li', (els) => els.map((e) => e.getAttribute('data-id')));
    expect(ids).toContain(fx.cacheId);
    expect(await page.textContent('.timetravel')).toContain(fx.beforeDelete.slice(0, 10));
    await open(`#/compare?a=${fx.beforeDelete}&b=${fx.tip}`, 'compare');
    expect(await page.$$eval('#deleted li', (els) => els.map((e) => e.getAttribute('data-id')))).toEqual([fx.cacheId]);
    expect(await page.$$eval('#added li', (els) => els.length)).toBe(HOSTILE.length);
  });

  it('stats draw plots from the data; health and core documents show', async () => {
    await open('#/stats', 'stats');
    for (const id of ['plot-months', 'plot-days', 'plot-authors', 'plot-tags', 'plot-cap']) {
      expect(Number(await page.getAttribute(`#${id}`, 'data-points')), id).toBeGreaterThan(0);
    }
    expect(await page.$$eval('#plot-tags rect', (r) => r.length)).toBeGreaterThanOrEqual(5);
    // A line a category over several months, a dot a category when all are from one month (as here).
    expect(await page.$$eval('#plot-months polyline, #plot-months circle', (r) => r.length)).toBeGreaterThanOrEqual(3);
    expect(await page.textContent('#plot-authors')).toContain('Agent Smith');
    await page.screenshot({ path: shotPath('stats'), fullPage: true });
    await open('#/health', 'health');
    expect(await page.textContent('#unreadable')).toContain('(1)');
    expect(await page.textContent('#unreadable')).toContain('memories/2026-12/0/broken.md');
    await page.screenshot({ path: shotPath('health') });
    await open('#/core', 'core');
    expect(await page.textContent('.core-doc')).toContain('small, reviewed pull requests');
    expect(await page.textContent('.core-doc .diff .add')).toContain('reviewed');
  });

  it('hostile memory text never runs, loads nothing remote and keeps its box', async () => {
    await open('#/memories?category=hostile', 'memories');
    expect(await page.$$eval('#items li', (l) => l.length)).toBe(HOSTILE.length);
    for (const id of fx.hostileIds) {
      await open(`#/memory?id=${id}`, 'memory');
      const md = await page.$eval('.markdown', (el) => ({
        html: el.innerHTML,
        bad: el.querySelectorAll('script,img,svg,iframe,form,input,style,math,details,object,embed').length,
        handlers: [...el.querySelectorAll('*')].flatMap((e) => [...e.attributes].map((a) => a.name)).filter((n) => n.startsWith('on') || n === 'style' || n === 'src'),
        links: [...el.querySelectorAll('a')].map((a) => a.getAttribute('href')).filter((h) => h !== null),
      }));
      expect(md.bad, md.html).toBe(0);
      expect(md.handlers, md.html).toEqual([]);
      for (const href of md.links) expect(href).toMatch(/^(https?:|mailto:)/);
      // The text is shown, escaped, not dropped.
      expect(await page.textContent('.markdown')).toMatch(/hostile-/);
      const box = await page.$eval('.markdown', (el) => el.getBoundingClientRect().width);
      expect(box).toBeLessThan(1280);
    }
    await open('#/log', 'log');
    expect(await page.textContent('#log')).toContain(`onmouseover="window.__pwned='author'"`);
    expect(await pwned()).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(foreign).toEqual([]);
    // The sanitiser, not only the policy, kept everything out: nothing even tried to load.
    expect(cspErrors).toEqual([]);
    await page.screenshot({ path: shotPath('hostile') });
  });

  it('every route read leaves every ref as it was; other methods are refused', async () => {
    const routes = ['/', '/app.js', '/app.css', '/api/branch', '/api/list', `/api/list?at=${fx.beforeDelete}`, '/api/list?q=cache&state=all', `/api/memory?id=${fx.cacheId}`, '/api/log', `/api/compare?a=${fx.beforeDelete}&b=${fx.tip}`, '/api/stats', '/api/health', '/api/core'];
    const headers = { authorization: `Bearer ${viewer.token}` };
    for (const r of routes) expect((await page.request.get(viewer.origin + r, { headers })).status(), r).toBe(200);
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await page.request.fetch(`${viewer.origin}/api/memory?id=${fx.ids[0]}`, { method, data: '{}', headers });
      expect(res.status(), method).toBe(405);
    }
    expect(refs(fx.repo)).toBe(refsBefore);
    const head = await page.request.head(viewer.origin + '/api/stats', { headers });
    expect(head.status()).toBe(200);
    const h = head.headers();
    expect(h['content-security-policy']).toMatch(/default-src 'none'; script-src 'self'/);
    expect(h['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses requests without the token, with a foreign Host or a foreign Origin', async () => {
    const raw = (path: string, headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port: viewer.port, path, headers }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    const host = `127.0.0.1:${viewer.port}`;
    const auth = `Bearer ${viewer.token}`;
    expect(await raw('/api/list', { Host: host, Authorization: auth })).toBe(200);
    expect(await raw(`/api/list?token=${viewer.token}`, { Host: host })).toBe(200);
    expect(await raw('/api/list', { Host: host })).toBe(403);
    expect(await raw('/api/list?token=wrong', { Host: host })).toBe(403);
    expect(await raw('/api/list', { Host: host, Authorization: `${auth}x` })).toBe(403);
    // A cookie is no credential (browsers send 127.0.0.1 cookies to every port).
    expect(await raw('/api/list', { Host: host, Cookie: `gm_view_${viewer.port}=${viewer.token}` })).toBe(403);
    expect(await raw('/api/list', { Host: 'evil.example', Authorization: auth })).toBe(403);
    expect(await raw(`/?token=${viewer.token}`, { Host: `evil.example:${viewer.port}` })).toBe(403);
    expect(await raw('/api/list', { Host: host, Authorization: auth, Origin: 'http://evil.example' })).toBe(403);
    // The page itself holds no data: served without the token (a reload or bookmark works in the tab).
    expect(await raw('/', { Host: host })).toBe(200);
  });

  it('another server on 127.0.0.1 (another port) receives nothing that opens the viewer', async () => {
    // Cookies ignore ports: a cookie of the viewer would reach every local server the browser visits.
    const seen: IncomingHttpHeaders[] = [];
    const other = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><title>other</title>');
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
    try {
      await open('#/memories', 'memories');
      const port = (other.address() as AddressInfo).port;
      await page.goto(`http://127.0.0.1:${port}/`);
      await page.goto(`http://localhost:${port}/x`);
      expect(seen.length).toBeGreaterThanOrEqual(2);
      for (const h of seen) {
        expect(JSON.stringify(h)).not.toContain(viewer.token);
        expect(h.cookie).toBeUndefined();
      }
      expect(await context.cookies()).toEqual([]);
      // --open's launch file (a file:// page, the token not in the browser's argv) lands on the viewer.
      const { launchFile } = await import('../../src/cli/commands/view.js');
      const launch = launchFile(viewer.url);
      const fresh = await browser.newContext();
      try {
        const p = await fresh.newPage();
        await p.goto(launch.href);
        await p.waitForSelector('body[data-ready="memories"]');
        expect(p.url()).not.toContain('token=');
      } finally {
        await fresh.close();
        launch.remove();
      }
    } finally {
      await new Promise<void>((r) => other.close(() => r()));
    }
  });
});
