import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface GitHttp {
  /** URL of the bare repository, e.g. http://127.0.0.1:PORT/remote.git */
  url: string;
  close(): Promise<void>;
}

/**
 * Serves `bare` over smart HTTP read-only: fetches work, every push gets HTTP 403 like a read-only
 * GITHUB_TOKEN (or 401, as without any token, with mode 'no-credentials'). The server is a separate
 * process (git-http-server.mjs), so a test may run git synchronously against it without blocking it.
 */
export function serveReadOnly(bare: string, mode: 'read-only' | 'no-credentials' | `token:${string}` = 'read-only'): Promise<GitHttp> {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'git-http-server.mjs');
  const p = spawn(process.execPath, [script, bare, mode], { stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    p.on('error', reject);
    p.on('exit', (code) => reject(new Error(`git-http-server exited (${code}) before listening`)));
    p.stdout.on('data', (d) => {
      out += d;
      if (!out.includes('\n')) return;
      p.removeAllListeners('exit');
      resolve({
        url: out.trim(),
        close: () =>
          new Promise((r) => {
            p.on('exit', () => r());
            p.stdin.end();
          }),
      });
    });
  });
}
