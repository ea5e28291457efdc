import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers.js';
import { browserPath, browserSearched } from '../../scripts/find-browser.mjs';

/** The browser tests find Debian's chromium, Ubuntu's chromium-browser or Google Chrome (GitHub's runners). */
describe('finding a browser for the viewer tests', () => {
  function program(dir: string, name: string, mode = 0o755): string {
    mkdirSync(dir, { recursive: true });
    const p = join(dir, name);
    writeFileSync(p, '#!/bin/sh\n');
    chmodSync(p, mode);
    return p;
  }

  it('finds google-chrome on PATH when there is no chromium (a GitHub ubuntu runner)', () => {
    const d = tempDir('gm-browser-');
    const chrome = program(join(d, 'bin'), 'google-chrome');
    expect(browserPath({ PATH: `${join(d, 'empty')}:${join(d, 'bin')}` })).toBe(chrome);
  });

  it('prefers chromium, then chromium-browser, then google-chrome, then google-chrome-stable', () => {
    const d = tempDir('gm-browser-');
    const stable = program(join(d, 'a'), 'google-chrome-stable');
    const cb = program(join(d, 'b'), 'chromium-browser');
    expect(browserPath({ PATH: `${join(d, 'a')}:${join(d, 'b')}` })).toBe(cb);
    expect(browserPath({ PATH: join(d, 'a') })).toBe(stable);
  });

  it('an explicit CHROME_PATH / PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH wins; files that cannot run are passed over', () => {
    const d = tempDir('gm-browser-');
    const mine = program(d, 'my-chrome');
    const onPath = program(join(d, 'bin'), 'chromium');
    program(join(d, 'noexec'), 'chromium', 0o644);
    expect(browserPath({ CHROME_PATH: mine, PATH: join(d, 'bin') })).toBe(mine);
    expect(browserPath({ PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH: mine, PATH: join(d, 'bin') })).toBe(mine);
    expect(browserPath({ CHROME_PATH: join(d, 'missing'), PATH: join(d, 'bin') })).toBe(onPath);
    expect(browserPath({ PATH: join(d, 'noexec') })).toBeNull();
    expect(browserPath({})).toBeNull();
  });

  it('the skip message names what was looked for', () => {
    const m = browserSearched();
    for (const x of ['CHROME_PATH', 'PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH', 'chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']) expect(m).toContain(x);
  });
});
