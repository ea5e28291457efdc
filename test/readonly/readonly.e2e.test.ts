// Reads never write: the Action's read commands, run the way a runner runs them, leave
// every ref of the repository unchanged, on a branch whose memories have no vectors yet (so the
// hybrid default has something it could embed). The CLI's read commands and the MCP read-only tools
// are checked in-process: readonly.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { runAction } from '../action/run-action.js';
import { useEmbedServer } from '../hybrid/embed-server.js';
import { readRepo, refsOf } from './repo.js';

const embeds = useEmbedServer();
let repo: string;
let id: string;
let env: Record<string, string>;
const refs = () => refsOf(repo);

beforeAll(async () => {
  env = embeds.env();
  ({ repo, id } = await readRepo(env));
});

describe("the Action's read commands leave every ref unchanged", () => {
  const cases: [string, () => Record<string, string>][] = [
    ['search (default mode)', () => ({ command: 'search', query: 'deploy' })],
    ['search --mode hybrid', () => ({ command: 'search', query: 'deploy', mode: 'hybrid' })],
    ['get', () => ({ command: 'get', id })],
    ['recent', () => ({ command: 'recent' })],
    ['list', () => ({ command: 'list', tags: 'ops' })],
  ];
  for (const [name, inputs] of cases) {
    it(name, async () => {
      const before = refs();
      const r = await runAction(repo, { ...inputs(), sync: 'false' }, { env });
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(refs()).toBe(before);
    });
  }
});
