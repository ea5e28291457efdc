// The repository the read-only tests read: memories written through the command line
// (in-process, runCli: the CLI never embeds), one in the trash, one updated, a core document; the
// branch holds no vectors, so the hybrid default has something it could embed.
import { expect } from 'vitest';
import { git, makeRepo } from '../helpers.js';
import { runCli } from '../run-cli.js';

export async function readRepo(env: Record<string, string>): Promise<{ repo: string; id: string }> {
  const repo = makeRepo({ commit: true });
  const store = async (args: string[]) => {
    const r = await runCli(repo, ['store', ...args, '--json'], { env });
    expect(r.code).toBe(0);
    return r.json.id as string;
  };
  const id = await store(['The deploy pipeline needs the VPN to reach production', '--tags', 'ops,deploy']);
  await store(['Rotate the staging database password every month', '--tags', 'ops,db']);
  await store(['Lunch on Friday is pizza with the team', '--tags', 'social']);
  const gone = await store(['A note that goes to the trash']);
  expect((await runCli(repo, ['delete', gone, '--json'], { env })).code).toBe(0);
  expect((await runCli(repo, ['update', id, '--content', 'The deploy pipeline needs the VPN to reach production servers', '--json'], { env })).code).toBe(0);
  expect((await runCli(repo, ['core', 'set', 'The user prefers short answers', '--json'], { env })).code).toBe(0);
  expect(git(repo, 'ls-tree', '-r', '--name-only', 'memory')).not.toContain('vectors/');
  return { repo, id };
}

/** Every ref with the object it points at: what a read must leave exactly as it was. */
export const refsOf = (repo: string) => git(repo, 'for-each-ref', '--format=%(refname) %(objectname)');
