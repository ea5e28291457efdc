// The viewer shows each memory's citations with their state at the checkout's HEAD and the cited
// code there, served (`memory view`) and exported (`view --export`), in chromium; a hostile citation
// path and hostile cited code render as text.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cli, git, makeRepo, tempDir } from '../helpers.js';
import { chromiumPath, NO_BROWSER, startViewer, type RunningViewer } from './browser.js';

const CHROMIUM = chromiumPath();
if (!CHROMIUM) console.warn(NO_BROWSER);

const HOSTILE_PATH = 'src/<img src=x onerror=alert(1)>.ts';
const HOSTILE_CODE = '<img src=x onerror=alert(2)><script>alert(3)</script><a href="javascript:alert(4)">x</a>';

function project(): { repo: string; ids: Record<string, string> } {
  const repo = makeRepo({ commit: true });
  mkdirSync(join(repo, 'src'));
  writeFileSync(join(repo, 'src', 'retry.ts'), 'export const a = 1;\nexport function retry() {\n  return 3;\n}\n');
  writeFileSync(join(repo, 'src', 'stable.ts'), 'const keep = "stable code here";\nexport { keep };\n');
  writeFileSync(join(repo, HOSTILE_PATH), `// hostile\n${HOSTILE_CODE}\n`);
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'code');
  const store = (text: string, cite: string) => {
    const r = cli(repo, ['store', text, '--cite', cite, '--json']);
    expect(r.code, r.stderr).toBe(0);
    return r.json.id as string;
  };
  const ids = { stable: store('Stable constant', 'src/stable.ts:1'), retry: store('Retry returns 3', 'src/retry.ts:2-4'), hostile: store('A hostile file', `${HOSTILE_PATH}:2`) };
  writeFileSync(join(repo, 'src', 'retry.ts'), 'export const a = 1;\nexport function retry() {\n  return 5;\n}\n');
  git(repo, 'commit', '-q', '-am', 'retry 5 times');
  return { repo, ids };
}

describe.skipIf(!CHROMIUM)('citations in the viewer', () => {
  let fx: ReturnType<typeof project>;
  let browser: Browser;
  let page: Page;
  let viewer: RunningViewer;
  let exported = '';
  const dialogs: string[] = [];

  beforeAll(async () => {
    fx = project();
    const dir = join(tempDir('gm-export-'), 'site');
    mkdirSync(dir);
    const r = cli(fx.repo, ['view', '--export', dir, '--json']);
    expect(r.code, r.stderr).toBe(0);
    exported = pathToFileURL(join(dir, 'index.html')).href;
    viewer = await startViewer(fx.repo);
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM!, args: ['--no-sandbox'] });
    page = await (await browser.newContext()).newPage();
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(viewer.url);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await viewer?.stop();
  });

  async function open(base: string, id: string): Promise<void> {
    await page.evaluate(() => delete document.body.dataset.ready).catch(() => {});
    await page.goto(`${base}#/memory?id=${id}`);
    await page.waitForSelector('body[data-ready="memory"]');
  }

  for (const how of ['served', 'exported'] as const) {
    it(`${how}: each citation with its state at HEAD and the code there; a changed one with its hunk`, async () => {
      const base = how === 'served' ? `${viewer.origin}/` : exported;
      await open(base, fx.ids.stable);
      expect(await page.getAttribute('#citations .citation', 'data-state')).toBe('valid');
      expect(await page.textContent('#citations .cite-path')).toBe('src/stable.ts:1-1');
      expect(await page.textContent('#citations .cite-code')).toBe('const keep = "stable code here";');
      await open(base, fx.ids.retry);
      expect(await page.getAttribute('#citations .citation', 'data-state')).toBe('changed');
      expect(await page.textContent('#citations .cite-code')).toContain('return 5;');
      const hunk = await page.textContent('#citations .cite-hunk');
      expect(hunk).toMatch(/-\s+return 3;/);
      expect(hunk).toMatch(/\+\s+return 5;/);
    });

    it(`${how}: a hostile citation path and cited code render as text`, async () => {
      const base = how === 'served' ? `${viewer.origin}/` : exported;
      await open(base, fx.ids.hostile);
      expect(await page.getAttribute('#citations .citation', 'data-state')).toBe('valid');
      expect(await page.textContent('#citations .cite-path')).toBe(`${HOSTILE_PATH}:2-2`);
      expect(await page.textContent('#citations .cite-code')).toBe(HOSTILE_CODE);
      expect(await page.$$eval('#citations img, #citations script, #citations a', (e) => e.length)).toBe(0);
      expect(dialogs).toEqual([]);
    });
  }
});
