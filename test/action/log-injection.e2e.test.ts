// Memory text printed in the step log must not be read as a workflow command. The
// runner's parser takes `::name::` at the start of a line and its legacy parser `##[name]` anywhere in
// a line; the action is run the way a runner runs it and its log is checked line by line.
import { describe, expect, it } from 'vitest';
import { workflowSafe } from '../../src/action/log.js';
import { checkout, makeRemote, runAction } from './run-action.js';

const local = { sync: 'false' };

/** The commands a runner would act on in `stdout`, other than the action's own annotations. */
function injected(stdout: string): string[] {
  const out: string[] = [];
  for (const line of stdout.split('\n')) {
    // @actions/core's own `::warning::`/`::error::`/`::debug::` prefixes (their text is escaped by core).
    const body = line.replace(/^::(?:warning|error|debug|notice)(?: [^:]*)?::/, '');
    if (body.includes('##[')) out.push(line);
    if (/^\s*::/.test(body) || (body !== line && body.includes('::'))) out.push(line);
  }
  return out;
}

describe('action log: workflow commands in memories are neutralised', () => {
  it('the escaper breaks ## [ and :: and leaves other text alone', () => {
    expect(workflowSafe('a ##[set-output name=count;]999 b')).not.toContain('##[');
    expect(workflowSafe('::stop-commands::tok')).not.toMatch(/::/);
    expect(workflowSafe('x\n::add-mask::y')).not.toMatch(/(^|\n)::/);
    expect(workflowSafe('plain text: fine, C:\\path')).toBe('plain text: fine, C:\\path');
  });

  it('search, list, recent and get print memories holding ##[ and :: commands inertly', async () => {
    const ws = checkout(makeRemote());
    const hostile = [
      'deploy note ##[set-output name=count;]999 and more',
      '::stop-commands::pwned',
      'ok ##[stop-commands]xyz then ::set-output name=id::mem_evil',
      '::add-mask::deploy',
    ];
    let id = '';
    for (const content of hostile) {
      const r = await runAction(ws, { ...local, content, tags: 'deploy' });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(injected(r.stdout)).toEqual([]);
      id ||= r.outputs.id;
    }
    for (const step of [{ command: 'search', query: 'deploy stop commands pwned set output' }, { command: 'list' }, { command: 'recent' }, { command: 'get', id }]) {
      const r = await runAction(ws, { ...local, ...step });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(injected(r.stdout), `${step.command}:\n${r.stdout}`).toEqual([]);
      // The text is still there to read, and the outputs are what the command found (not 999).
      expect(r.stdout).toMatch(/set-output|stop-commands|add-mask/);
      expect(r.outputs.count).not.toBe('999');
    }
  });
});
