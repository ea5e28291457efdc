import { Readable, Writable } from 'node:stream';
import { gitEnv, type CliResult } from './helpers.js';

/**
 * Runs the `memory` command line in this process: the same `main` the built CLI runs
 * (src/cli/entry.ts), with the test's working directory, environment and stdin, and stdout, stderr and
 * the exit code captured. Tests of what a command does use this; the process boundary itself (a real
 * exit status, stdin from a pipe, signals, start-up, the built bundle) is tested by spawning the built
 * CLI in `*.e2e.test.ts` files (test/README.md).
 *
 * The command line reads process-wide state (cwd, env, stdin, stdout, exitCode), so runs are serialised:
 * `Promise.all` of several runs is allowed but they take turns. Real concurrency (several writers at
 * once) needs real processes: `cliAsync` in an e2e file.
 */
export async function runCli(cwd: string, args: string[], opts: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  const turn = queue.then(() => runNow(cwd, args, opts));
  queue = turn.then(
    () => undefined,
    () => undefined,
  );
  return turn;
}

let queue: Promise<void> = Promise.resolve();

class Capture extends Writable {
  text = '';
  // No isTTY and no columns: what a pipe looks like to the command, as to the spawned CLI.
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    done();
  }
}

class ExitCalled extends Error {
  constructor(readonly code: number) {
    super(`process.exit(${code}) called by the command line run in-process`);
  }
}

async function runNow(cwd: string, args: string[], opts: { input?: string; env?: NodeJS.ProcessEnv }): Promise<CliResult> {
  const [{ main }, { formatError }] = await Promise.all([import('../src/cli/main.js'), import('../src/model/error-format.js')]);
  const stdout = new Capture();
  const stderr = new Capture();
  const stdin = Readable.from(opts.input ? [Buffer.from(opts.input, 'utf8')] : []);
  const saved = {
    cwd: process.cwd(),
    env: { ...process.env },
    exitCode: process.exitCode,
    exit: process.exit,
    stdout: Object.getOwnPropertyDescriptor(process, 'stdout')!,
    stderr: Object.getOwnPropertyDescriptor(process, 'stderr')!,
    stdin: Object.getOwnPropertyDescriptor(process, 'stdin')!,
  };
  const env: NodeJS.ProcessEnv = { ...gitEnv, ...opts.env };
  for (const k of Object.keys(process.env)) if (!(k in env)) delete process.env[k];
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  process.chdir(cwd);
  process.exitCode = undefined;
  process.exit = ((code?: number) => {
    throw new ExitCalled(code ?? 0);
  }) as typeof process.exit;
  Object.defineProperty(process, 'stdout', { configurable: true, enumerable: true, get: () => stdout });
  Object.defineProperty(process, 'stderr', { configurable: true, enumerable: true, get: () => stderr });
  Object.defineProperty(process, 'stdin', { configurable: true, enumerable: true, get: () => stdin });
  let code: number;
  try {
    try {
      await main(args);
      code = Number(process.exitCode ?? 0);
    } catch (err) {
      if (err instanceof ExitCalled) code = err.code;
      else {
        // What src/cli/entry.ts does with an error no command handler caught.
        stderr.write(`git-memory: ${formatError(err)}\n`);
        code = 1;
      }
    }
  } finally {
    Object.defineProperty(process, 'stdout', saved.stdout);
    Object.defineProperty(process, 'stderr', saved.stderr);
    Object.defineProperty(process, 'stdin', saved.stdin);
    process.exit = saved.exit;
    process.exitCode = saved.exitCode;
    process.chdir(saved.cwd);
    for (const k of Object.keys(process.env)) if (!(k in saved.env)) delete process.env[k];
    Object.assign(process.env, saved.env);
    stdin.destroy();
  }
  let json: any;
  try {
    json = JSON.parse(stdout.text);
  } catch {
    json = undefined;
  }
  return { code, stdout: stdout.text, stderr: stderr.text, json };
}
