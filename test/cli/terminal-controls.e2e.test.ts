import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cli, CLI, makeRepo, runSync } from '../helpers.js';

/**
 * On a real pseudo-terminal (util-linux `script`), `memory get` and `memory list` of a memory holding
 * escape sequences write them visibly: the terminal receives no OSC 52, no clear-screen, no C1 CSI.
 * The CLI's own styles (bold ids) are the only escape sequences it gets.
 */
const SCRIPT = ['/usr/bin/script', '/bin/script'].find((p) => existsSync(p));

describe.skipIf(!SCRIPT)('memory text on a pseudo-terminal', () => {
  it('get and list show escape sequences as text', () => {
    const repo = makeRepo({ commit: true });
    const hostile = 'pty \x1b]52;c;ZXZpbA==\x07 \x1b[2J \x9b2J \x1b[5mblink end';
    const id = cli(repo, ['store', hostile, '--json']).json.id;
    for (const args of [['get', id], ['list']]) {
      // script -q -e -c CMD /dev/null: CMD on a new pty, its output copied to ours (a pipe here).
      const cmd = [process.execPath, CLI(), ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
      const r = runSync(SCRIPT!, ['-q', '-e', '-c', cmd, '/dev/null'], repo);
      const out = r.stdout;
      expect(r.status, out).toBe(0);
      expect(out).toContain('pty \\u001b]52;c;ZXZpbA==\\u0007');
      const rest = out.replace(/\x1b\[(?:1|2|22|33|36|39)m/g, '');
      expect(rest).not.toMatch(/[\x00-\x08\x0b-\x0c\x0e-\x1f\x7f-\x9f]/);
    }
  });
});
