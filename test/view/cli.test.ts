import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../helpers.js';
import { runCli } from '../run-cli.js';

/** `memory view` argument and start-up errors: stable codes, no server left behind. */
describe('memory view: bad options and a taken port', () => {
  it('refuses a port that is taken with VIEW_UNAVAILABLE (exit 1)', async () => {
    const repo = makeRepo({ commit: true });
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', () => r()));
    const port = (taken.address() as { port: number }).port;
    try {
      const r = await runCli(repo, ['view', '--port', String(port), '--json']);
      expect(r.code).toBe(1);
      expect(r.json.error.code).toBe('VIEW_UNAVAILABLE');
    } finally {
      taken.close();
    }
  });

  it.each([[['--port', '70000']], [['--port', '-1']], [['--host', 'a b']]])('rejects %j with INVALID_INPUT (exit 2)', async (args) => {
    const r = await runCli(makeRepo({ commit: true }), ['view', ...args, '--json']);
    expect(r.code).toBe(2);
    expect(r.json.error.code).toBe('INVALID_INPUT');
  });
});
