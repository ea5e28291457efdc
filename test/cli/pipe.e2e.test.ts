import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, cli, gitEnv, makeRepo, tempDir } from '../helpers.js';

describe('a reader that closes the pipe early', () => {
  it('ends the command quietly with exit 0, as git does (`memory list --json | head`)', () => {
    const repo = makeRepo();
    const file = join(tempDir(), 'many.jsonl');
    writeFileSync(file, Array.from({ length: 3000 }, (_, i) => JSON.stringify({ content: `memory ${i} ${'filler words for a long listing '.repeat(40)}` })).join('\n') + '\n');
    expect(cli(repo, ['import', file, '--json']).code).toBe(0);
    // Several MB of JSON into `head`, which exits after 10 bytes: the CLI's next writes get EPIPE.
    const r = spawnSync('bash', ['-c', `"$0" "$1" list --json --limit 5000 | head -c 10 >/dev/null; echo "rc=\${PIPESTATUS[0]}" >&2`, process.execPath, CLI()], { cwd: repo, env: gitEnv, encoding: 'utf8' });
    expect(r.stderr).toMatch(/rc=0\s*$/);
    expect(r.stderr).not.toMatch(/EPIPE|node:events|Unhandled/);
  });
});
