// The example workflows in examples/workflows/ are run, step by step, the way a runner would: each
// job gets a default shallow checkout of a bare "GitHub" remote on disk, every git-memory step runs
// the built action bundle with its `with:` inputs (test/action/run-action.ts), and `run:` steps run
// in bash with their `env:` and GITHUB_OUTPUT. `${{ }}` expressions are evaluated from the run's
// context; an expression the harness does not know fails the test, so an example cannot drift into
// something untested.
import { spawnSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { CLI, git, gitEnv, tempDir } from '../helpers.js';
import { MemoryStore } from '../../src/store/store.js';
import { checkout, makeRemote, parseOutputFile, runAction, runnerEnv } from '../action/run-action.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dir = join(root, 'examples', 'workflows');

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
  if?: string;
}
interface Job {
  steps: Step[];
  needs?: string | string[];
  permissions?: Record<string, string>;
  strategy?: { matrix: Record<string, unknown[]> };
}
interface Workflow {
  on: unknown;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

const load = (file: string) => yaml.load(readFileSync(join(dir, file), 'utf8')) as Workflow;

interface Ctx {
  github: Record<string, string>;
  matrix: Record<string, unknown>;
  steps: Record<string, { outputs: Record<string, string> }>;
}

function evaluate(text: unknown, ctx: Ctx): string {
  return String(text).replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expr: string) => {
    const path = expr.split('.');
    let v: unknown = ctx;
    for (const p of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined;
    if (v === undefined) throw new Error(`the example uses \${{ ${expr} }}, which the harness does not provide`);
    return String(v);
  });
}

/** A `memory` command on PATH: the CLI built for this test run (what `npm install -g git-memory` gives). */
function memoryShim(): string {
  const bin = tempDir('gm-bin-');
  const shim = join(bin, 'memory');
  writeFileSync(shim, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI())} "$@"\n`);
  chmodSync(shim, 0o755);
  return bin;
}

interface JobRun {
  ctx: Ctx;
  workspace: string;
}

/**
 * Runs one job of a workflow against `remote`. `provided` stands in for steps the harness does not run
 * (building and testing a project, installing from npm): their outputs by step id.
 */
async function runJob(job: Job, remote: string, github: Record<string, string>, matrix: Record<string, unknown> = {}, provided: Record<string, Record<string, string>> = {}): Promise<JobRun> {
  const ctx: Ctx = { github, matrix, steps: {} };
  let workspace = '';
  const bin = memoryShim();
  for (const step of job.steps) {
    if (step.uses?.startsWith('actions/checkout@')) {
      workspace = checkout(remote);
      continue;
    }
    if (step.uses?.startsWith('actions/setup-node@')) continue;
    if (step.id && provided[step.id]) {
      ctx.steps[step.id] = { outputs: provided[step.id] };
      continue;
    }
    if (step.uses) {
      expect(step.uses).toMatch(/^[\w-]+\/git-memory@v1$/);
      const inputs = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, evaluate(v, ctx).replace(/\n$/, '')]));
      const r = await runAction(workspace, inputs, { env: { GITHUB_RUN_ID: github.run_id, GITHUB_SHA: github.sha } });
      if (r.code !== 0) throw new Error(`step ${step.name ?? step.id} failed: ${r.errors.join('; ')}\n${r.stderr}`);
      if (step.id) ctx.steps[step.id] = { outputs: r.outputs };
      continue;
    }
    if (step.run) {
      const out = join(tempDir('gm-run-'), 'output');
      writeFileSync(out, '');
      const env: NodeJS.ProcessEnv = { ...runnerEnv(workspace), ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, evaluate(v, ctx)])), GITHUB_OUTPUT: out, PATH: `${bin}${delimiter}${process.env.PATH}` };
      const r = spawnSync('bash', ['-eo', 'pipefail', '-c', evaluate(step.run, ctx)], { cwd: workspace, env, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`run step ${step.name ?? step.id ?? step.run.slice(0, 40)} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
      if (step.id) ctx.steps[step.id] = { outputs: parseOutputFile(readFileSync(out, 'utf8')) };
    }
  }
  return { ctx, workspace };
}

const github = (runId: string) => ({ run_id: runId, sha: '0123456789abcdef0123456789abcdef01234567', ref_name: 'main' });

/**
 * The memories a fresh clone of the remote reads with the CLI: `memory pull` fetches the branch and
 * any pending refs (writers that lost the race for the branch publish there until a sync folds them,
 * docs/sync.md), then `list`.
 */
function remoteMemories(remote: string): Array<{ content: string; tags: string[] }> {
  const clone = join(tempDir('gm-check-'), 'c');
  git(tempDir(), 'clone', '-q', `file://${remote}`, clone);
  const env = { ...gitEnv, MEMORY_EMBEDDER: 'none' };
  expect(spawnSync(process.execPath, [CLI(), 'pull'], { cwd: clone, env, encoding: 'utf8' }).status).toBe(0);
  const r = spawnSync(process.execPath, [CLI(), 'list', '--json'], { cwd: clone, env, encoding: 'utf8' });
  return JSON.parse(r.stdout).memories;
}

describe('examples/workflows', { timeout: 180_000 }, () => {
  it('has the four documented examples, each parsing, with the permissions its commands need', () => {
    expect(readdirSync(dir).sort()).toEqual(['matrix.yml', 'scheduled-prune.yml', 'search-before-job.yml', 'store-after-job.yml']);
    const perms = (w: Workflow, job: string) => ({ ...w.permissions, ...w.jobs[job].permissions });
    expect(perms(load('store-after-job.yml'), 'test').contents).toBe('write');
    expect(perms(load('search-before-job.yml'), 'deploy').contents).toBe('read');
    expect(perms(load('matrix.yml'), 'shard').contents).toBe('write');
    expect(perms(load('matrix.yml'), 'report').contents).toBe('read');
    expect(perms(load('scheduled-prune.yml'), 'prune').contents).toBe('write');
    expect(JSON.stringify(load('scheduled-prune.yml').on)).toContain('cron');
  });

  it('store-after-job: the job stores what it learned on the remote memory branch', async () => {
    const remote = makeRemote();
    const wf = load('store-after-job.yml');
    const { ctx } = await runJob(wf.jobs.test, remote, github('7001'), {}, { tests: { summary: '312 passed,2 failed' } });
    expect(ctx.steps.remember.outputs.id).toMatch(/^mem_/);
    const [m] = remoteMemories(remote);
    expect(m.content).toContain('312 passed,2 failed');
    expect(m.content).toContain('run 7001');
    expect(m.tags).toEqual(expect.arrayContaining(['ci', 'tests', 'main']));
  });

  it('search-before-job: the job finds what an earlier run stored and reads it through env', async () => {
    const remote = makeRemote();
    const seed = checkout(remote);
    const stored = await runAction(seed, { content: 'Deploy rollback: run scripts/rollback.sh, the old image stays for 24 h', tags: 'deploy' });
    expect(stored.code).toBe(0);
    const wf = load('search-before-job.yml');
    const { ctx, workspace } = await runJob(wf.jobs.deploy, remote, github('7002'));
    expect(ctx.steps.recall.outputs.count).toBe('1');
    expect(readFileSync(join(workspace, 'known-issues.md'), 'utf8')).toContain('scripts/rollback.sh');
  });

  it('matrix: shards storing at the same moment all land; the report job counts them', async () => {
    const remote = makeRemote();
    const wf = load('matrix.yml');
    const gh = github('7003');
    await Promise.all(wf.jobs.shard.strategy!.matrix.shard.map((shard) => runJob(wf.jobs.shard, remote, gh, { shard })));
    // The report job's last step is `test "$COUNT" = 3`: it fails the job unless every shard's memory is there.
    const { ctx } = await runJob(wf.jobs.report, remote, gh);
    expect(ctx.steps.all.outputs.count).toBe('3');
    expect(remoteMemories(remote).map((m) => m.tags.find((t) => t.startsWith('shard-'))).sort()).toEqual(['shard-1', 'shard-2', 'shard-3']);
  });

  it('scheduled-prune: pull, prune with retention, push: expired memories leave the remote branch', async () => {
    const remote = makeRemote();
    const seed = checkout(remote);
    const env = { ...gitEnv, MEMORY_EMBEDDER: 'none' };
    const cliIn = (args: string[]) => spawnSync(process.execPath, [CLI(), ...args], { cwd: seed, env, encoding: 'utf8' });
    // A test clock instead of waiting out the TTL: the notice was stored a minute ago with a 1 s TTL.
    const past = new MemoryStore({ repo: seed, now: () => new Date(Date.now() - 60_000) });
    await past.store({ content: 'temporary freeze notice', ttl: '1s' });
    past.close();
    expect(cliIn(['store', 'a lasting fact']).status).toBe(0);
    expect(cliIn(['push']).status).toBe(0);
    const wf = load('scheduled-prune.yml');
    await runJob(wf.jobs.prune, remote, github('7004'), {}, { install: {} });
    expect(remoteMemories(remote).map((m) => m.content)).toEqual(['a lasting fact']);
  });
});


describe('.github/workflows/ci.yml', { timeout: 180_000 }, () => {
  it('runs .ci/run\'s steps on Node 20, 22 and 24', () => {
    const ci = yaml.load(readFileSync(join(root, '.github', 'workflows', 'ci.yml'), 'utf8')) as Workflow;
    const test = ci.jobs.test;
    expect(test.strategy!.matrix.node).toEqual([20, 22, 24]);
    const runs = test.steps.map((s) => s.run ?? '').join('\n');
    // Every project command .ci/run runs (a script of scripts/, an npm step) is a step of the workflow too;
    // machine set-up (the chromium install) is not a project command.
    const steps = readFileSync(join(root, '.ci', 'run'), 'utf8').split('\n').filter((l) => /^(npm|node|if )/.test(l));
    const cmds = steps.flatMap((step) => /node scripts\/[\w-]+\.mjs(?: --[\w-]+)?|npm (ci|run typecheck|test)/.exec(step)?.[0] ?? []);
    expect(cmds.length).toBeGreaterThanOrEqual(6);
    for (const cmd of cmds) expect(runs).toContain(cmd);
  });
});
