import type { Argv } from 'yargs';
import { MemoryStore } from '../core/store.js';
import { reportError, writeJson } from './output.js';

/** Options every command accepts. */
export interface GlobalArgs {
  repo?: string;
  branch?: string;
  json?: boolean;
}

export function globalOptions<T>(y: Argv<T>) {
  return y
    .option('repo', { type: 'string', describe: 'Repository directory (default: the current directory)', global: true })
    .option('branch', { type: 'string', describe: 'Branch holding the memories (default: $MEMORY_BRANCH or "memory")', global: true })
    .option('json', { type: 'boolean', describe: 'Print the result as JSON on stdout', global: true });
}

export function openStore(argv: GlobalArgs): MemoryStore {
  return new MemoryStore({ repo: argv.repo, branch: argv.branch, source: 'cli' });
}

/**
 * Runs one command: opens the store, calls `fn`, prints JSON or the human rendering, maps errors to
 * exit codes. Every command goes through here so `--json` and errors behave the same everywhere.
 */
export async function run<R>(argv: GlobalArgs, fn: (store: MemoryStore) => Promise<R>, human: (result: R) => string | null): Promise<void> {
  let store: MemoryStore | null = null;
  try {
    store = openStore(argv);
    const result = await fn(store);
    if (argv.json) writeJson(result);
    else {
      const text = human(result);
      if (text) process.stdout.write(text.endsWith('\n') ? text : text + '\n');
    }
  } catch (err) {
    reportError(err, !!argv.json);
  } finally {
    store?.close();
  }
}

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `--tags a,b --tags c` → ['a','b','c'] */
export function splitList(v: unknown): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  const arr = Array.isArray(v) ? v : [v];
  return arr.flatMap((x) => String(x).split(',')).map((s) => s.trim()).filter(Boolean);
}
