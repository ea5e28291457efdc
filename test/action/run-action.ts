// Runs the bundled action the way a GitHub runner does: `node dist/action/index.js` as a child process,
// every input declared in action.yml present as INPUT_<NAME> (defaults filled in, as the runner does),
// outputs and the job summary written to files named by GITHUB_OUTPUT / GITHUB_STEP_SUMMARY.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import { ciClone, CLI, git, gitEnv, makeRepo, tempDir } from '../helpers.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The bundle built for this test run (test/global-setup.ts runs scripts/build.mjs into a temp dir). */
export function actionEntry(): string {
  const p = join(dirname(CLI()), 'action', 'index.js');
  if (!existsSync(p)) throw new Error(`no action bundle at ${p}: scripts/build.mjs should build it into <outdir>/action`);
  return p;
}

/**
 * The Node that runs the bundle: $GIT_MEMORY_ACTION_NODE when set (.ci/run installs the Node of
 * action.yml's `runs.using` from the npm registry), else this test's own Node.
 */
export function actionNode(): string {
  return process.env.GIT_MEMORY_ACTION_NODE || process.execPath;
}

const manifest = yaml.load(readFileSync(join(root, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, unknown>;
  runs: { using: string; main: string };
};
export const declaredInputs = manifest.inputs;
export const declaredOutputs = manifest.outputs;
export const runs = manifest.runs;

export interface ActionRun {
  code: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  /** `json` output parsed. */
  json: any;
  /** `::error::` annotations the step printed. */
  errors: string[];
  warnings: string[];
}

/** Parses a GITHUB_OUTPUT file (`name<<DELIM` heredocs as @actions/core writes them, or `name=value`). */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const h = /^([^=<]+)<<(.+)$/.exec(line);
    if (h) {
      const body: string[] = [];
      for (i++; i < lines.length && lines[i] !== h[2]; i++) body.push(lines[i]);
      out[h[1]] = body.join('\n');
    } else if (line.includes('=')) {
      out[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return out;
}

/** The variables a hosted runner sets for a job, minus the ones a test wants to vary. */
export function runnerEnv(workspace: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...gitEnv,
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_WORKSPACE: workspace,
    GITHUB_RUN_ID: '4242',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_JOB: 'learn',
    GITHUB_WORKFLOW: 'memory-ci',
    GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
    GITHUB_REPOSITORY: 'octo/widgets',
    GITHUB_ACTOR: 'octocat',
    ...extra,
  };
  // A runner has no git identity configured: the action must fall back to github-actions[bot].
  for (const k of ['GIT_AUTHOR_NAME', 'GIT_AUTHOR_EMAIL', 'GIT_COMMITTER_NAME', 'GIT_COMMITTER_EMAIL', 'EMAIL']) delete env[k];
  for (const k of Object.keys(env)) if (k.startsWith('INPUT_')) delete env[k];
  return env;
}

/** Runs one action step with `inputs` (the step's `with:`) in `workspace`. */
export function runAction(workspace: string, inputs: Record<string, string>, opts: { env?: NodeJS.ProcessEnv; entry?: string } = {}): Promise<ActionRun> {
  const dir = tempDir('gm-step-');
  const outputFile = join(dir, 'output');
  const summaryFile = join(dir, 'summary');
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  const env = runnerEnv(workspace, { GITHUB_OUTPUT: outputFile, GITHUB_STEP_SUMMARY: summaryFile, RUNNER_TEMP: dir, ...opts.env });
  // The runner expands `${{ github.token }}` (the token input's default) to the job's token: none here.
  for (const [name, spec] of Object.entries(declaredInputs)) env[`INPUT_${name.toUpperCase()}`] = (spec.default ?? '').replace(/\$\{\{\s*github\.token\s*\}\}/, '');
  for (const [name, value] of Object.entries(inputs)) {
    if (!(name in declaredInputs)) throw new Error(`test uses input ${name}, which action.yml does not declare`);
    env[`INPUT_${name.toUpperCase()}`] = value;
  }
  return new Promise((resolvePromise, reject) => {
    const p = spawn(actionNode(), [opts.entry ?? actionEntry()], { cwd: workspace, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('error', reject);
    p.on('close', (code) => {
      const outputs = parseOutputFile(readFileSync(outputFile, 'utf8'));
      let json: any;
      try {
        json = outputs.json === undefined ? undefined : JSON.parse(outputs.json);
      } catch {
        json = undefined;
      }
      const annotations = (kind: string) => stdout.split('\n').filter((l) => l.startsWith(`::${kind}`)).map((l) => l.replace(/^::[^:]*::/, '').replace(/%0A/g, '\n').replace(/%0D/g, '\r').replace(/%25/g, '%'));
      resolvePromise({ code: code ?? -1, stdout, stderr, outputs, summary: readFileSync(summaryFile, 'utf8'), json, errors: annotations('error'), warnings: annotations('warning') });
    });
  });
}

/** A bare "GitHub" remote with one commit on main, like a freshly created repository. */
export function makeRemote(): string {
  const work = makeRepo({ commit: true });
  const bare = makeRepo({ bare: true });
  git(work, 'push', '-q', bare, 'main');
  return bare;
}

/**
 * What actions/checkout gives a job by default: depth 1 (file:// so git really makes it shallow), the
 * one branch, no memory branch, `origin` pointing at the remote, no identity.
 */
export function checkout(remote: string): string {
  return ciClone(remote, { dir: join(tempDir('gm-ws-'), 'repo') });
}
