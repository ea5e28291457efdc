// `memory view --open` starts a real server process and a real opener script: a spawned CLI (e2e).
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI, gitEnv, makeRepo, tempDir } from '../helpers.js';

/** `--open`: the opener is `$BROWSER` (one program, the URL its only argument, no shell), run for real. */
describe('memory view --open', () => {
  /** A real program that records the arguments it was given, one per line. */
  function recorder(dir: string): { program: string; log: string } {
    const log = join(dir, 'argv.txt');
    const program = join(dir, 'fake browser.js');
    writeFileSync(program, `#!${process.execPath}\nrequire('node:fs').writeFileSync(${JSON.stringify(log)}, process.argv.slice(2).join('\\n'));\n`);
    chmodSync(program, 0o755);
    return { program, log };
  }
  async function waitFor(file: string, ms = 30_000): Promise<string> {
    for (const t0 = Date.now(); Date.now() - t0 < ms; await new Promise((r) => setTimeout(r, 50))) if (existsSync(file)) return readFileSync(file, 'utf8');
    throw new Error(`${file} was not written`);
  }
  function view(repo: string, env: NodeJS.ProcessEnv): Promise<{ url: string; stderr: () => string; stop: () => void }> {
    return new Promise((resolve, reject) => {
      const proc = spawn(process.execPath, [CLI(), 'view', '--port', '0', '--open', '--json'], { cwd: repo, env: { ...gitEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      proc.stderr.on('data', (d) => (err += d));
      proc.stdout.on('data', (d) => {
        out += d;
        if (out.includes('\n')) resolve({ url: JSON.parse(out.split('\n')[0]).url, stderr: () => err, stop: () => void proc.kill('SIGTERM') });
      });
      proc.once('exit', (c) => reject(new Error(`viewer exited ${c}: ${err}`)));
    });
  }

  it('runs $BROWSER with one argument, a private file:// page that forwards to the URL: no token in its argv (a path with a space, no shell)', async () => {
    const repo = makeRepo({ commit: true });
    const { program, log } = recorder(tempDir('gm-open-'));
    const v = await view(repo, { BROWSER: program });
    try {
      const argv = (await waitFor(log)).split('\n');
      expect(v.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{43}$/);
      const token = new URL(v.url).searchParams.get('token')!;
      expect(argv).toHaveLength(1);
      expect(argv[0]).toMatch(/^file:\/\/\/.*\/open\.html$/);
      expect(argv[0]).not.toContain(token);
      const file = fileURLToPath(argv[0]);
      // Readable by this user only, and it sends the browser on to the URL.
      expect(statSync(file).mode & 0o077).toBe(0);
      expect(statSync(dirname(file)).mode & 0o077).toBe(0);
      expect(readFileSync(file, 'utf8')).toContain(`url=${v.url}`);
      // Once the page has used the token, the file goes.
      expect((await fetch(`${new URL(v.url).origin}/api/branch`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      for (const t0 = Date.now(); existsSync(file) && Date.now() - t0 < 10_000; ) await new Promise((r) => setTimeout(r, 20));
      expect(existsSync(file)).toBe(false);
    } finally {
      v.stop();
    }
  });

  it('a $BROWSER that cannot run leaves the viewer serving and says so on stderr', async () => {
    const repo = makeRepo({ commit: true });
    const dir = tempDir('gm-open-');
    const v = await view(repo, { BROWSER: join(dir, 'no such browser') });
    try {
      for (const t0 = Date.now(); !v.stderr().includes('could not open a browser') && Date.now() - t0 < 10_000; ) await new Promise((r) => setTimeout(r, 50));
      expect(v.stderr()).toContain('could not open a browser');
      expect(v.stderr()).toContain('ENOENT');
      const r = await fetch(v.url, { redirect: 'manual' });
      expect(r.status).toBe(200);
    } finally {
      v.stop();
    }
  });

  it('picks $BROWSER over the desktop opener, and the desktop opener otherwise', async () => {
    const { opener } = await import('../../src/cli/commands/view.js');
    expect(opener('http://x/', { BROWSER: ' /opt/b r/chrome ' }, 'linux')).toEqual(['/opt/b r/chrome', ['http://x/']]);
    expect(opener('http://x/', {}, 'linux')).toEqual(['xdg-open', ['http://x/']]);
    expect(opener('http://x/', { BROWSER: '' }, 'darwin')).toEqual(['open', ['http://x/']]);
  });
});
