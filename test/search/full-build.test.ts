import { describe, expect, it } from 'vitest';
import { git, makeRepo } from '../helpers.js';
import { commitToBranch, runIn as run } from '../hardening/boundary.js';

// A full index build reads blobs in the order the object database holds them, not tree order
// (src/search/index-build.ts fullBuild). What it indexes must not depend on that order. The commands run
// in-process (runIn): what is checked is what the index holds, not the process boundary (56 CLI
// spawns, 22 s of the e2e project, before).
describe('full index build', () => {
  it("two files claiming one id: the file at the id's own path is the one indexed (src/model/id.ts copyWins), packed or loose, whichever comes first", async () => {
    // memories/0000/ sorts before memories/<year>-<month>/, memories/zzzz/ after: in one of the two
    // the copy is read first, whatever order the objects are stored in; the id's own path wins in both.
    for (const [dir, winner] of [
      ['0000', 'original alpha note'],
      ['zzzz', 'original alpha note'],
    ]) {
      for (const packed of [false, true]) {
        const repo = makeRepo();
        const id = (await run(repo, ['store', 'original alpha note', '--tags', 'note', '--json'])).json.id;
        const path = git(repo, 'ls-tree', '-r', '--name-only', 'memory').split('\n').find((p) => p.includes(id))!;
        commitToBranch(repo, {
          [`memories/${dir}/copy.md`]: git(repo, 'show', `memory:${path}`).replace('original alpha note', 'copied beta note') + '\n',
          'memories/zz/broken.md': '---\ntags: [unclosed\n---\nbroken\n',
        });
        for (let i = 0; i < 10; i++) await run(repo, ['store', `filler ${i} gamma`, '--json']);
        if (packed) git(repo, 'repack', '-a', '-d', '-q');
        const rebuilt = await run(repo, ['rebuild-index', '--json']);
        expect(rebuilt.json.skipped).toBe(1);
        // Said once, though the copy makes the build run a second time in tree order.
        expect(rebuilt.stderr.split('\n').filter((l) => l.includes('memories/zz/broken.md'))).toHaveLength(1);
        const hits = (await run(repo, ['search', 'note', '--mode', 'fulltext', '--json'])).json.results.map((r: { id: string; content: string }) => [r.id, r.content.trim()]);
        expect(hits, `${dir} ${packed ? 'packed' : 'loose'}`).toEqual([[id, winner]]);
        expect((await run(repo, ['search', 'gamma', '--mode', 'fulltext', '--json'])).json.total).toBe(10);
      }
    }
  });
});
