// The search helper (docs/daemon.md), tested through the built CLI on real repositories: it starts on
// demand, answers exactly what an in-process search answers, and whenever it is absent, dead, hung,
// stale or switched off the CLI still answers correctly in-process.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SearchQuery } from '../../src/model/search-types.js';
import { MemoryStore } from '../../src/store/store.js';
import { envFingerprint } from '../../src/daemon/common.js';
import { CLI, cli, cliAsync, git, gitEnv, makeRepo, tempDir, type CliResult } from '../helpers.js';

// With the offline model (the default embedder), and without any model (full-text only: the helper
// then starts in a fraction of the time; tests of its life cycle use it).
const ON = { MEMORY_DAEMON: 'on', MEMORY_EMBEDDER: '', MEMORY_DAEMON_IDLE: '120s' };
const OFF = { ...ON, MEMORY_DAEMON: 'off' };
const ON_FT = { ...ON, MEMORY_EMBEDDER: 'none' };
const OFF_FT = { ...ON_FT, MEMORY_DAEMON: 'off' };
// In-process searches in this worker use the default model, as the CLI does with ON/OFF.
process.env.MEMORY_EMBEDDER = '';

/** What an in-process search returns (this worker, the library), as the CLI prints it with --json. */
async function inProcess(repo: string, q: SearchQuery, branch?: string): Promise<unknown> {
  const s = new MemoryStore({ repo, branch, warn: () => {} });
  try {
    return JSON.parse(JSON.stringify(await s.search(q)));
  } finally {
    s.close();
  }
}

/**
 * Two answers to the same search are the same: every field equal, relevance and scores too, up to
 * the recency boost, which moves with the clock between the two searches (0.1 per day of age).
 */
function expectSame(a: any, b: any): void {
  const strip = (r: any) => ({ ...r, results: r.results.map(({ relevance: _r, scores: _s, ...m }: any) => m) });
  expect(strip(a)).toEqual(strip(b));
  a.results.forEach((x: any, i: number) => {
    expect(x.relevance).toBeCloseTo(b.results[i].relevance, 3);
    for (const k of Object.keys({ ...x.scores, ...b.results[i].scores })) expect(x.scores[k]).toBeCloseTo(b.results[i].scores[k], 3);
  });
}

const sameOutput = (a: string, b: string) => expectSame(JSON.parse(a), JSON.parse(b));

/** Starts a helper explicitly (waits until it is warm) and returns its pid. */
function start(repo: string, env: NodeJS.ProcessEnv = ON_FT): number {
  const r = cli(repo, ['daemon', 'start', '--json'], { env });
  expect(r.code, r.stderr).toBe(0);
  expect(r.json.running).toBe(true);
  return r.json.status.pid;
}

const NOTES = [
  'CI broke because an environment variable was not set',
  'The API rate limit is 100 requests per minute',
  'Deploys to production need the VPN and a second reviewer',
  'The billing service stores invoices in Postgres',
  'Use pnpm, not npm, in the frontend monorepo',
  'Staging is reset every Sunday night',
];

const repos: string[] = [];
const fakes: ChildProcess[] = [];
afterAll(() => {
  for (const f of fakes) f.kill('SIGKILL');
  // Whatever helper a test left running is killed through its pid file; `daemon stop` through the CLI
  // (a node start a repository, about 20 of them, most with no helper) tests nothing here: stop is
  // tested above, and the temp folders, socket included, are removed after this hook.
  for (const r of repos) {
    const pid = daemonPid(r);
    if (pid && alive(pid)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  }
});

/**
 * A repository with `notes` stored and (unless `embed: false`) every vector committed, so that no
 * search, in-process or through the helper, embeds anything: then their outputs must be byte-equal.
 */
function repoWithNotes(notes = NOTES, { embed = true } = {}): string {
  // Each set of notes is stored through the CLI once a file (a spawn a note, and `embed` loads the
  // model); every test gets its own copy of that repository (cp -r), so no test sees another's helper,
  // socket or writes. Nothing here depends on ids differing between tests.
  const key = JSON.stringify([notes, embed]);
  let template = templates.get(key);
  if (!template) {
    template = makeRepo();
    for (const n of notes) expect(cli(template, ['store', n, '--json'], { env: OFF }).code).toBe(0);
    if (embed) embedAll(template);
    expect(existsSync(sockDir(template))).toBe(false); // never a helper's files in what is copied
    templates.set(key, template);
  }
  const d = tempDir('gm-repo-');
  cpSync(template, d, { recursive: true });
  repos.push(d);
  return d;
}
const templates = new Map<string, string>();

function embedAll(repo: string, args: string[] = []): void {
  const r = cli(repo, ['embed', '--json', ...args], { env: OFF });
  expect(r.code, r.stderr).toBe(0);
}

const sockDir = (repo: string) => join(repo, '.git', 'git-memory', '@daemon');
const sockPath = (repo: string) => join(sockDir(repo), 'daemon.sock');

function status(repo: string, env: NodeJS.ProcessEnv = ON): any {
  const r = cli(repo, ['daemon', 'status', '--json'], { env });
  expect(r.code, r.stderr).toBe(0);
  return r.json;
}

function daemonPid(repo: string): number | null {
  try {
    return JSON.parse(readFileSync(join(sockDir(repo), 'daemon.pid'), 'utf8')).pid;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // A zombie (exited, not yet reaped by whoever adopted the detached helper) is gone.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return !existsSync('/proc/self');
  }
}

async function until(cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

function search(repo: string, args: string[], env: NodeJS.ProcessEnv): CliResult {
  const r = cli(repo, ['search', ...args, '--json'], { env });
  expect(r.code, r.stderr).toBe(0);
  return r;
}

const tip = (repo: string) => git(repo, 'rev-parse', 'refs/heads/memory');

describe('search helper', { timeout: 180_000 }, () => {
  it('is started by a default search, answers from a 0600 socket in a 0700 folder, and its answers equal in-process ones', async () => {
    const repo = repoWithNotes();
    expect(existsSync(sockDir(repo))).toBe(false);

    const before = tip(repo);
    const first = search(repo, ['the build failed: env var missing'], ON);
    expect(first.json.mode).toBe('hybrid');
    expect(first.json.results[0].content).toBe(NOTES[0]);
    const st = status(repo);
    expect(st.running).toBe(true);
    expect(statSync(sockPath(repo)).mode & 0o777).toBe(0o600);
    expect(statSync(sockDir(repo)).mode & 0o777).toBe(0o700);
    expect(st.status.stores.map((s: any) => s.branch)).toContain('memory');

    const queries: Array<[string[], SearchQuery]> = [
      [['the build failed: env var missing'], { query: 'the build failed: env var missing' }],
      [['which database keeps the invoices'], { query: 'which database keeps the invoices' }],
      [['rate limit', '--mode', 'fulltext'], { query: 'rate limit', mode: 'fulltext' }],
      [['package manager for the web app', '--mode', 'vector', '--limit', '3'], { query: 'package manager for the web app', mode: 'vector', limit: 3 }],
      [['deploy', '--tag', 'production', '--relax'], { query: 'deploy', tags: ['production'], relax: true }],
      [['--category', 'general'], { query: '', category: 'general' }],
      [['zzzz nothing matches this qqqq'], { query: 'zzzz nothing matches this qqqq' }],
    ];
    const served = status(repo).status.requests;
    for (const [args, q] of queries) {
      // Exactly what an in-process search returns...
      expectSame(search(repo, args, ON).json, await inProcess(repo, q));
    }
    // ...answered by the helper: its request count moved by every search (and this status call).
    expect(status(repo).status.requests).toBe(served + queries.length + 1);
    // Human output too.
    expect(cli(repo, ['search', 'the build failed: env var missing'], { env: ON }).stdout).toBe(cli(repo, ['search', 'the build failed: env var missing'], { env: OFF }).stdout);
    // A bad query fails the same way, with the same code and exit status.
    const bad = cli(repo, ['search', 'x', '--limit', '0', '--json'], { env: ON });
    const badLocal = cli(repo, ['search', 'x', '--limit', '0', '--json'], { env: OFF });
    expect(bad.code).toBe(2);
    expect(bad.json.error.code).toBe('INVALID_INPUT');
    expect(bad.stdout).toBe(badLocal.stdout);
    // It never wrote to the branch.
    expect(tip(repo)).toBe(before);

    const stop = cli(repo, ['daemon', 'stop', '--json'], { env: ON });
    expect(stop.json).toMatchObject({ success: true, stopped: true, pid: st.status.pid });
    await until(() => !alive(st.status.pid));
    expect(existsSync(sockPath(repo))).toBe(false);
    expect(status(repo).running).toBe(false);
    expect(cli(repo, ['daemon', 'stop', '--json'], { env: ON }).json).toMatchObject({ success: true, stopped: false });
  }, 400_000);

  it('finds a memory stored a moment ago by a paraphrase, and store alone never starts a helper', async () => {
    const repo = repoWithNotes(NOTES.slice(1), { embed: false });
    // store with the switch on but no helper running: nothing is started.
    expect(cli(repo, ['store', 'Payments retry three times before paging on-call', '--json'], { env: ON }).code).toBe(0);
    expect(existsSync(sockPath(repo))).toBe(false);
    expect(search(repo, ['rate limit'], ON).json.results.length).toBeGreaterThan(0);
    const pid = status(repo).status.pid;
    // A warm helper: store, then a paraphrase that shares no word with it.
    const stored = cli(repo, ['store', NOTES[0], '--json'], { env: ON });
    expect(stored.code).toBe(0);
    const afterStore = tip(repo);
    const r = search(repo, ['the job crashed since a config value was absent'], ON);
    expect(r.json.results[0].id).toBe(stored.json.id);
    expect(r.json.results[0].scores.fulltext).toBe(0); // found by meaning alone
    expect(r.json.vectors.missing).toBe(0);
    expect(status(repo).status.pid).toBe(pid);
    // The helper embedded it into its cache, never onto the branch.
    expect(tip(repo)).toBe(afterStore);
    expect(git(repo, 'log', '--format=%s', 'refs/heads/memory')).not.toMatch(/embed/);
  });

  it('answers from the branch tip of each request: new memories, a rewound branch, another branch', async () => {
    const repo = repoWithNotes(NOTES, { embed: false });
    const pid = start(repo);
    const old = tip(repo);
    const q = ['flux capacitor gigawatts'];
    // Another writer (in-process, no helper involved) moves the branch.
    expect(cli(repo, ['store', 'The flux capacitor needs 1.21 gigawatts', '--json'], { env: OFF_FT }).code).toBe(0);
    const moved = search(repo, q, ON_FT);
    expect(moved.json.results[0].content).toMatch(/flux capacitor/);
    sameOutput(moved.stdout, search(repo, q, OFF_FT).stdout);
    // The branch moved back: the memory is gone from the answer too.
    git(repo, 'update-ref', 'refs/heads/memory', old);
    const rewound = search(repo, q, ON_FT);
    expect(rewound.json.results).toEqual([]);
    sameOutput(rewound.stdout, search(repo, q, OFF_FT).stdout);
    // Another branch of the same repository, same helper.
    expect(cli(repo, ['store', 'Only on the team branch: the wiki moved to Notion', '--branch', 'team', '--json'], { env: OFF_FT }).code).toBe(0);
    const team = search(repo, ['wiki moved', '--branch', 'team'], ON_FT);
    expect(team.json.results[0].content).toMatch(/wiki moved/);
    sameOutput(team.stdout, search(repo, ['wiki moved', '--branch', 'team'], OFF_FT).stdout);
    expect(status(repo, ON_FT).status.pid).toBe(pid);
    expect(status(repo, ON_FT).status.stores.map((x: any) => x.branch).sort()).toEqual(['memory', 'team']);
  });

  it('survives kill -9: the socket left behind is stale, the search answers in full, a new helper replaces it', async () => {
    const repo = repoWithNotes();
    const q = 'the build failed: env var missing';
    expectSame(search(repo, [q], ON).json, await inProcess(repo, { query: q }));
    const pid = status(repo).status.pid;
    process.kill(pid, 'SIGKILL');
    await until(() => !alive(pid));
    expect(existsSync(sockPath(repo))).toBe(true); // left behind
    expectSame(search(repo, [q], ON).json, await inProcess(repo, { query: q }));
    const next = status(repo);
    expect(next.running).toBe(true);
    expect(next.status.pid).not.toBe(pid);
    // Killed while it works on a search (started by that search, still warming up): the client
    // that waits for it answers in-process.
    cli(repo, ['daemon', 'stop'], { env: ON });
    await until(() => !alive(next.status.pid));
    const pending = cliAsync(repo, ['search', q, '--json'], { env: ON });
    await until(() => daemonPid(repo) !== null, 20_000);
    const victim = daemonPid(repo)!;
    process.kill(victim, 'SIGKILL');
    const answered = await pending;
    expect(answered.code, answered.stderr).toBe(0);
    expectSame(answered.json, await inProcess(repo, { query: q }));
  });

  it('status of a dead helper reports it not running and removes what it left', async () => {
    const repo = repoWithNotes(NOTES.slice(0, 2), { embed: false });
    const pid = start(repo);
    process.kill(pid, 'SIGKILL');
    await until(() => !alive(pid));
    const st = status(repo, ON_FT);
    expect(st.running).toBe(false);
    expect(st.cleaned).toEqual(expect.arrayContaining(['daemon.sock', 'daemon.pid']));
    expect(existsSync(sockPath(repo))).toBe(false);
  });

  describe('a helper that misbehaves (a stand-in process on the socket)', () => {
    /** Listens on the repository's socket path and answers every request as `behaviour` says. */
    async function fake(repo: string, behaviour: 'close' | 'hang' | 'garbage' | 'stale'): Promise<void> {
      mkdirSync(sockDir(repo), { recursive: true, mode: 0o700 });
      const script = join(tempDir('gm-fake-'), 'fake.cjs');
      writeFileSync(
        script,
        `const net = require('node:net');
net.createServer((c) => { c.on('error', () => {}); c.on('data', () => {
  const b = ${JSON.stringify(behaviour)};
  if (b === 'close') c.destroy();
  else if (b === 'garbage') c.end('this is not json\\n');
  else if (b === 'stale') c.end(JSON.stringify({ ok: false, stale: 'protocol' }) + '\\n');
}); }).listen(process.argv[2], () => process.stdout.write('ready\\n'));`,
      );
      const p = spawn(process.execPath, [script, sockPath(repo)], { stdio: ['ignore', 'pipe', 'inherit'] });
      fakes.push(p);
      await new Promise<void>((resolve) => p.stdout!.once('data', () => resolve()));
    }

    for (const b of ['close', 'hang', 'garbage'] as const) {
      it(`one that ${b === 'close' ? 'dies mid-request' : b === 'hang' ? 'never answers' : 'answers garbage'}: the CLI answers in-process`, async () => {
        const repo = repoWithNotes(NOTES.slice(0, 3), { embed: false });
        await fake(repo, b);
        const env = { ...ON, MEMORY_DAEMON_TIMEOUT: '700' };
        const r = search(repo, ['rate limit requests', '--mode', 'fulltext'], env);
        sameOutput(r.stdout, search(repo, ['rate limit requests', '--mode', 'fulltext'], OFF).stdout);
        expect(r.json.results[0].content).toBe(NOTES[1]);
      });
    }

    it('one of another protocol: the CLI answers in-process and a fresh helper takes over', async () => {
      const repo = repoWithNotes(NOTES.slice(0, 3), { embed: false });
      await fake(repo, 'stale');
      const expected = search(repo, ['rate limit'], OFF_FT).stdout;
      sameOutput(search(repo, ['rate limit'], ON_FT).stdout, expected);
      expect(status(repo, ON_FT).running).toBe(false);
      const pid = start(repo);
      expect(alive(pid)).toBe(true);
      const served = status(repo, ON_FT).status.requests;
      sameOutput(search(repo, ['rate limit'], ON_FT).stdout, expected);
      expect(status(repo, ON_FT).status.requests).toBe(served + 2);
    });
  });

  it('a helper of an older build, or of another environment, is replaced', async () => {
    // A private copy of the built CLI, so changing its files touches no other test.
    const base = join(process.cwd(), 'node_modules', '.cache', 'git-memory-test');
    mkdirSync(base, { recursive: true });
    const copy = mkdtempSync(join(base, 'daemon-'));
    try {
      cpSync(dirname(CLI()), copy, { recursive: true });
      const cliCopy = join(copy, 'cli.cjs');
      const repo = repoWithNotes(NOTES.slice(0, 3), { embed: false });
      const viaCopy = (env: NodeJS.ProcessEnv, args: string[]) => {
        const r = spawnSync(process.execPath, [cliCopy, ...args], { cwd: repo, env: { ...gitEnv, ...env }, encoding: 'utf8' });
        expect(r.status, r.stderr).toBe(0);
        return r.stdout;
      };
      const q = ['search', 'rate limit', '--json'];
      const expected = search(repo, ['rate limit'], OFF_FT).stdout;
      const pid1 = JSON.parse(viaCopy(ON_FT, ['daemon', 'start', '--json'])).status.pid;
      sameOutput(viaCopy(ON_FT, q), expected);
      // An upgrade: the bundle changes on disk. The old helper is stale for the new client and exits.
      const chunk = join(copy, 'chunks', readFileSync(cliCopy, 'utf8').match(/chunks\/(chunk-[A-Z0-9]+\.cjs)/)![1]);
      const later = new Date(Date.now() + 5000);
      utimesSync(chunk, later, later);
      sameOutput(viaCopy(ON_FT, q), expected);
      await until(() => !alive(pid1));
      const pid2 = JSON.parse(viaCopy(ON_FT, ['daemon', 'start', '--json'])).status.pid;
      expect(pid2).not.toBe(pid1);
      // Another environment: its clients get that environment's answer (in-process), and the helper gives way.
      const env2 = { ...ON_FT, MEMORY_HYBRID_VECTOR_WEIGHT: '0.3' };
      sameOutput(viaCopy(env2, q), search(repo, ['rate limit'], { ...OFF_FT, MEMORY_HYBRID_VECTOR_WEIGHT: '0.3' }).stdout);
      await until(() => !alive(pid2));
      const pid3 = JSON.parse(viaCopy(env2, ['daemon', 'start', '--json'])).status.pid;
      expect(JSON.parse(viaCopy(env2, ['daemon', 'status', '--json'])).status.pid).toBe(pid3);
      viaCopy(env2, ['daemon', 'stop']);
      await until(() => !alive(pid3));
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('an explicit index cache is searched in-process, even with a running helper: the option is honoured, not bypassed', async () => {
    const repo = repoWithNotes();
    start(repo);
    const cache = tempDir('gm-ic-');
    const r = cli(repo, ['search', 'rate', 'limit', '--json', '--index-cache', cache], { env: ON_FT });
    expect(r.code, r.stderr).toBe(0);
    expect(r.json.indexCache).toBeDefined();
    expect(r.json.results.map((m: { content: string }) => m.content)).toContain('The API rate limit is 100 requests per minute');
    // Without the option the helper answers, as before.
    const via = cli(repo, ['search', 'rate', 'limit', '--json'], { env: ON_FT });
    expect(via.json.indexCache).toBeUndefined();
  });

  it('MEMORY_DAEMON=off never starts or asks a helper; auto is off in CI', async () => {
    const repo = repoWithNotes(NOTES.slice(0, 3), { embed: false });
    // Default (hybrid) searches that would start one with the switch on.
    expect(search(repo, ['the build failed: env var missing'], OFF).json.mode).toBe('hybrid');
    expect(search(repo, ['the build failed: env var missing'], { ...ON, MEMORY_DAEMON: 'auto', CI: 'true' }).json.mode).toBe('hybrid');
    expect(existsSync(sockDir(repo))).toBe(false);
    expect(status(repo, { ...ON, MEMORY_DAEMON: 'auto', CI: 'true' })).toMatchObject({ running: false, mode: 'auto' });
    // A running helper is not asked either.
    start(repo);
    const served = status(repo, ON_FT).status.requests;
    search(repo, ['rate limit'], OFF_FT);
    expect(status(repo, ON_FT).status.requests).toBe(served + 1); // the status call only
  });

  it('is started by a CLI run through a relative path from another directory', async () => {
    const repo = repoWithNotes(NOTES.slice(0, 2), { embed: false });
    const r = spawnSync(process.execPath, ['cli.cjs', 'daemon', 'start', '--repo', repo, '--json'], { cwd: dirname(CLI()), env: { ...gitEnv, ...ON_FT }, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const st = JSON.parse(r.stdout);
    expect(st.running).toBe(true);
    expect(alive(st.status.pid)).toBe(true);
  });

  it('exits after its idle time', async () => {
    const repo = repoWithNotes(NOTES.slice(0, 2), { embed: false });
    const r = cli(repo, ['daemon', 'start', '--json'], { env: { ...ON_FT, MEMORY_DAEMON_IDLE: '2s' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.json.status.idleTimeoutMs).toBe(2000);
    const pid = r.json.status.pid;
    await until(() => !alive(pid), 20_000);
    expect(existsSync(sockPath(repo))).toBe(false);
  });

  it('refuses oversized requests and requests for another repository', async () => {
    const repo = repoWithNotes(NOTES.slice(0, 2), { embed: false });
    const other = repoWithNotes(NOTES.slice(2, 3), { embed: false });
    start(repo);
    const ask = (payload: string) =>
      new Promise<string>((resolve) => {
        const c = createConnection(sockPath(repo));
        let out = '';
        c.on('data', (d) => (out += d));
        c.on('close', () => resolve(out));
        c.on('error', () => resolve(out));
        c.write(payload);
      });
    const big = await ask('{"op":"search","query":"' + 'x'.repeat(2 << 20) + '"}\n');
    expect(JSON.parse(big).error.code).toBe('INVALID_INPUT');
    const st = status(repo, ON_FT).status;
    // The environment the helper was started with (the CLI's): a request it would otherwise serve.
    const env = envFingerprint({ ...gitEnv, ...ON_FT });
    const own = JSON.parse(await ask(JSON.stringify({ v: 1, op: 'search', build: st.build, env, repo, branch: 'memory', query: { query: 'rate limit', mode: 'fulltext' } }) + '\n'));
    expect(own.ok).toBe(true);
    expect(own.result.results[0].content).toBe(NOTES[1]);
    const foreign = JSON.parse(await ask(JSON.stringify({ v: 1, op: 'search', build: st.build, env, repo: other, branch: 'memory', query: {} }) + '\n'));
    expect(foreign.ok).toBe(false);
    expect(foreign.error.code).toBe('INVALID_INPUT');
    // Still serving.
    expect(status(repo, ON_FT).status.pid).toBe(st.pid);
  });
});

// A helper that does not answer (its thread held by a long request; here SIGSTOP holds it)
// is reported as running, is stopped for sure, and never holds up a search that needs no model; a
// helper that cannot start is not waited for on every search; status never removes what is not stale.
describe('search helper: busy, blocked, or not ours', { timeout: 180_000 }, () => {
  it('status says a helper that does not answer is running, and stop ends it for sure', async () => {
    const repo = repoWithNotes(NOTES.slice(0, 3), { embed: false });
    const pid = start(repo);
    process.kill(pid, 'SIGSTOP');
    // status and stop wait for an answer at most MEMORY_DAEMON_TIMEOUT (their own 5 s and 2 s + 5 s
    // otherwise): what is checked is what they conclude from the silence, not how long they listen.
    const SHORT = { ...ON_FT, MEMORY_DAEMON_TIMEOUT: '400' };
    try {
      const st = status(repo, SHORT);
      expect(st).toMatchObject({ running: true, busy: { pid } });
      expect(cli(repo, ['daemon', 'status'], { env: SHORT }).stdout).toMatch(new RegExp(`running, pid ${pid}, busy`));
      // A full-text search does not queue behind it for MEMORY_DAEMON_TIMEOUT (30 s by default): it
      // gives the helper 2 s, then answers in-process (said by MEMORY_DEBUG; no clock is read here).
      const r = search(repo, ['rate limit', '--mode', 'fulltext'], { ...ON_FT, MEMORY_DEBUG: '1' });
      expect(r.stderr).toMatch(/searching in-process \(lost: no answer within 2000 ms\)/);
      expect(r.json.results[0].content).toBe(NOTES[1]);
      const stop = cli(repo, ['daemon', 'stop', '--json'], { env: SHORT });
      expect(stop.json).toMatchObject({ success: true, stopped: true, pid, signal: 'SIGKILL' });
      // stop returned once the process was gone, not before.
      expect(alive(pid)).toBe(false);
      expect(existsSync(sockPath(repo))).toBe(false);
      expect(status(repo, SHORT).running).toBe(false);
    } finally {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  }, 120_000);

  it('stop of a helper that answers returns once its process is gone', async () => {
    const repo = repoWithNotes(NOTES.slice(0, 2), { embed: false });
    const pid = start(repo);
    const stop = cli(repo, ['daemon', 'stop', '--json'], { env: ON_FT });
    expect(stop.json).toMatchObject({ success: true, stopped: true, pid });
    expect(stop.json.signal).toBeUndefined();
    expect(alive(pid)).toBe(false);
  });

  it('a helper that cannot listen (the socket path is blocked) is not started and waited for again by the next search', async () => {
    const repo = repoWithNotes(NOTES.slice(0, 3), { embed: false });
    mkdirSync(sockPath(repo), { recursive: true, mode: 0o700 }); // a folder where the socket goes
    const env = { ...ON, MEMORY_DEBUG: '1' };
    const first = search(repo, ['rate limit requests'], env);
    expect(first.json.results[0].content).toBe(NOTES[1]);
    expect(first.stderr).toMatch(/started a helper/);
    expect(existsSync(join(sockDir(repo), 'start-failed.json'))).toBe(true);
    const second = search(repo, ['rate limit requests'], env);
    expect(second.json.results[0].content).toBe(NOTES[1]);
    expect(second.stderr).not.toMatch(/started a helper/);
    expect(second.stderr).toMatch(/not starting a helper until the back-off ends/);
    expect(status(repo, ON).backoff).toMatchObject({ reason: expect.stringMatching(/exited without listening|nobody listened/) });
  }, 120_000);

  it('status never removes a live socket, nor anything in a helper folder that is not private', async () => {
    // A repository path long enough that the socket goes to $XDG_RUNTIME_DIR/git-memory/.
    const deep = join(tempDir('gm-deep-'), 'a'.repeat(60), 'b'.repeat(40), 'repo');
    mkdirSync(deep, { recursive: true });
    git(deep, 'init', '-q', '-b', 'main');
    repos.push(deep);
    expect(cli(deep, ['store', NOTES[0]], { env: OFF }).code).toBe(0);
    const runtime = tempDir('gm-xdg-');
    const env = { ...ON_FT, XDG_RUNTIME_DIR: runtime };
    const socket = status(deep, env).socket as string;
    expect(socket.startsWith(join(runtime, 'git-memory'))).toBe(true);
    // Someone else's folder, open to all (as another user's world-writable folder in /tmp is), with
    // a live socket in it.
    mkdirSync(dirname(socket), { recursive: true });
    chmodSync(dirname(socket), 0o777);
    const script = join(tempDir('gm-live-'), 'live.cjs');
    writeFileSync(script, `require('node:net').createServer((c) => c.on('error', () => {})).listen(process.argv[2], () => process.stdout.write('ready\\n'));`);
    const p = spawn(process.execPath, [script, socket], { stdio: ['ignore', 'pipe', 'inherit'] });
    fakes.push(p);
    await new Promise<void>((resolve) => p.stdout!.once('data', () => resolve()));
    const st = status(deep, env);
    expect(st.running).toBe(false);
    expect(st.cleaned).toBeUndefined();
    expect(existsSync(socket)).toBe(true);
    expect(cli(deep, ['daemon', 'stop', '--json'], { env }).json.cleaned).toBeUndefined();
    expect(existsSync(socket)).toBe(true);
  });
});

