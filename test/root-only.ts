import { it } from 'vitest';

/** True when this process runs as root. */
export const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

const announced = new Set<string>();

/**
 * `it` for a test that needs root (chown to another user, mount a tmpfs). Its name always starts with
 * "[root]" so `vitest -t '\[root\]'` finds them: .ci/run, not root on a GitHub runner, runs them
 * again under `sudo` with GIT_MEMORY_REQUIRE_ROOT=1. Without the capability the test is skipped and
 * says so, in its name and once per reason on stderr; with GIT_MEMORY_REQUIRE_ROOT=1 it fails instead,
 * so a CI run that meant to cover them cannot skip them silently.
 */
export function rootOnly(what: string, available: boolean): (name: string, fn: () => unknown, timeout?: number) => void {
  return (name, fn, timeout) => {
    const full = `[root] ${name}`;
    if (available) return it(full, fn, timeout);
    const reason = `needs ${what}${asRoot ? '' : ' (not root)'}`;
    if (process.env.GIT_MEMORY_REQUIRE_ROOT === '1') {
      return it(full, () => {
        throw new Error(`${reason}, and GIT_MEMORY_REQUIRE_ROOT=1 asks for it`);
      });
    }
    if (!announced.has(reason)) {
      announced.add(reason);
      console.warn(`root-only tests skipped: ${reason}; .ci/run runs them under sudo where it can`);
    }
    return it.skip(`${full} [skipped: ${reason}]`, fn);
  };
}
