import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { CLI, cli, cliAsync, git, gitEnv, makeRepo, tempDir } from '../helpers.js';
import { SEGMENT_FORMAT } from '../../src/search/segment.js';

function store(repo: string, content: string, ...args: string[]) {
  const r = cli(repo, ['store', content, '--json', ...args]);
  expect(r.code).toBe(0);
  return r.json.id as string;
}

describe('index cache across processes', () => {
  it('survives concurrent rebuilds and searches', async () => {
    const repo = makeRepo();
    for (let i = 0; i < 5; i++) store(repo, `concurrent memory ${i} banana`);
    const runs = await Promise.all([
      ...Array.from({ length: 3 }, () => cliAsync(repo, ['rebuild-index', '--json'])),
      ...Array.from({ length: 3 }, () => cliAsync(repo, ['search', 'banana', '--json'])),
    ]);
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    for (const r of runs.slice(3)) expect(r.json.total).toBe(5);
    const dir = join(repo, '.git', 'git-memory', 'memory');
    expect(existsSync(join(dir, `search-v${SEGMENT_FORMAT}.base`))).toBe(true);
    // No temp file left behind, and the cache is valid for the next process.
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(cli(repo, ['search', 'banana', '--json']).json.total).toBe(5);
  });
});

describe('progress bar', () => {
  it('draws on a terminal, never on a pipe', () => {
    const repo = makeRepo();
    for (let i = 0; i < 3; i++) store(repo, `progress memory ${i}`);
    const piped = cli(repo, ['rebuild-index'], { env: { MEMORY_PROGRESS_DELAY_MS: '0' } });
    expect(piped.code).toBe(0);
    expect(piped.stderr).toBe('');
    // `script` gives the CLI a pseudo-terminal for stdin/stdout/stderr.
    const cmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI())} rebuild-index`;
    const r = spawnSync('script', ['-qec', cmd, '/dev/null'], { cwd: repo, env: { ...gitEnv, MEMORY_PROGRESS_DELAY_MS: '0' }, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('indexing [');
    expect(r.stdout).toContain('3/3 memories');
    expect(r.stdout).toMatch(/indexed .*3.* memories/);
  });
});
