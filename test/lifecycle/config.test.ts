import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryStore } from '../../src/store/store.js';
import { MemoryError } from '../../src/errors.js';
import { configGet, configSet, configShow, configUnset } from '../../src/lifecycle/config-ops.js';
import { cli, git, makeRepo, errorCode as code } from '../helpers.js';
import { runCli } from '../run-cli.js';

function withEnv<T>(vars: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const old: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(vars)) {
    old[k] = process.env[k];
    process.env[k] = v;
  }
  return fn().finally(() => {
    for (const [k, v] of Object.entries(old)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
}

describe('layered config', () => {
  it('defaults < branch file < repo file < env < flags', async () => {
    const repo = makeRepo();
    const warnings: string[] = [];
    const s = new MemoryStore({ repo, warn: (m) => warnings.push(m) });
    expect(s.config()).toMatchObject({ maxMemories: 10000, autoTag: true, defaultCategory: 'general', retention: { enabled: false, deleteAfterDays: 90, archiveAfterDays: 30 } });

    const set = await configSet(s, 'retention.deleteAfterDays', '60');
    expect(set).toMatchObject({ value: 60, changed: true });
    await configSet(s, 'defaultCategory', 'notes');
    await configSet(s, 'maxMemories', 500);
    expect(git(repo, 'log', '-1', '--format=%s', 'memory')).toBe('memory: config set maxMemories = 500');
    expect(JSON.parse(git(repo, 'show', 'memory:.memory/config.json'))).toEqual({ retention: { deleteAfterDays: 60 }, defaultCategory: 'notes', maxMemories: 500 });

    writeFileSync(join(repo, '.git-memory.json'), JSON.stringify({ defaultCategory: 'repo-notes', retention: { archiveAfterDays: 10 } }));
    await withEnv({ MEMORY_MAX_MEMORIES: '700', MEMORY_RETENTION_ENABLED: 'true' }, async () => {
      const s2 = new MemoryStore({ repo, warn: () => {}, config: { maxMemories: 900 } });
      const r = await configShow(s2);
      expect(r.config).toMatchObject({ maxMemories: 900, defaultCategory: 'repo-notes', retention: { enabled: true, deleteAfterDays: 60, archiveAfterDays: 10 } });
      expect(r.origin).toMatchObject({ maxMemories: 'flags', defaultCategory: 'repo', 'retention.enabled': 'env', 'retention.deleteAfterDays': 'branch', 'retention.archiveAfterDays': 'repo', autoTag: 'defaults' });
      expect(r.layers.map((l) => l.name)).toEqual(['branch', 'repo', 'env', 'flags']);
      // A group that mixes layers names them all, highest precedence first.
      expect((await configGet(s2, 'retention')).origin).toBe('env, repo, branch');
      expect((await configGet(s2, 'hybrid')).origin).toBe('defaults');
      const s3 = new MemoryStore({ repo, warn: () => {} });
      expect((await configGet(s3, 'maxMemories')).value).toBe(700);
      // The effective default category is used by store().
      const st = await s3.store({ content: 'a note without a category' });
      expect((await s3.get(st.id)).memory.category).toBe('repo-notes');
    });
    // The repo file is read, never written.
    expect(git(repo, 'status', '--porcelain')).toBe('?? .git-memory.json');
    // A store instance that lives on (an MCP server) sees another writer's change of the branch file.
    const longLived = new MemoryStore({ repo, warn: () => {} });
    expect(longLived.config().retention.deleteAfterDays).toBe(60);
    await configSet(new MemoryStore({ repo, warn: () => {} }), 'retention.deleteAfterDays', 45);
    expect(longLived.config().retention.deleteAfterDays).toBe(45);
    await configUnset(s, 'maxMemories');
    expect(JSON.parse(git(repo, 'show', 'memory:.memory/config.json')).maxMemories).toBeUndefined();
  });

  it('warns about unknown keys, drops bad values to the layer below, refuses bad sets and flags', async () => {
    const repo = makeRepo();
    const s = new MemoryStore({ repo, warn: () => {} });
    expect(await code(configSet(s, 'retention.deleteAfterDays', '-3'))).toBe('INVALID_INPUT');
    expect(await code(configSet(s, 'defaultPriority', 'urgent'))).toBe('INVALID_INPUT');
    expect(await code(configSet(s, 'noSuchKey', '1'))).toBe('INVALID_INPUT');
    expect(await code(configSet(s, 'hybrid.contextWeight', '2'))).toBe('INVALID_INPUT');
    // A refused set names the key and the rule once, and does not talk about falling back.
    const refused = await configSet(s, 'hybrid.contextWeight', '2').catch((e: Error) => e.message);
    expect(refused).toBe('hybrid.contextWeight must be at most 1, got 2; nothing was changed');
    expect(git(repo, 'branch', '--list', 'memory')).toBe(''); // nothing was written

    writeFileSync(join(repo, '.git-memory.json'), JSON.stringify({ maxMemories: 'lots', autoTagg: false, retention: { enabled: true, keepForever: 1 } }));
    const warnings: string[] = [];
    const s2 = new MemoryStore({ repo, warn: (m) => warnings.push(m) });
    const r = await configShow(s2);
    expect(r.config.maxMemories).toBe(10000);
    expect(r.config.retention.enabled).toBe(true);
    expect(r.issues.map((i) => [i.kind, i.key])).toEqual(expect.arrayContaining([['invalid-value', 'maxMemories'], ['unknown-key', 'autoTagg'], ['unknown-key', 'retention.keepForever']]));
    expect(warnings.join('\n')).toMatch(/autoTagg/);
    expect(warnings.join('\n')).toMatch(/maxMemories must be a whole number|maxMemories .*number/);
    // The sync form in a fresh store agrees on the values.
    expect(new MemoryStore({ repo, warn: () => {} }).config().maxMemories).toBe(10000);

    writeFileSync(join(repo, '.git-memory.json'), '{ not json');
    const s3 = new MemoryStore({ repo, warn: () => {} });
    const r3 = await configShow(s3);
    expect(r3.issues[0]).toMatchObject({ kind: 'unreadable', layer: 'repo' });
    expect(r3.config.maxMemories).toBe(10000);

    expect(() => new MemoryStore({ repo, warn: () => {}, config: { maxMemories: -1 } }).config()).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });

  it('CLI: config show/get/set with --json', async () => {
    const repo = makeRepo();
    const set = await runCli(repo, ['config', 'set', 'retention.enabled', 'true', '--json']);
    expect(set.code).toBe(0);
    expect(set.json).toMatchObject({ success: true, key: 'retention.enabled', value: true, changed: true });
    expect((await runCli(repo, ['config', 'get', 'retention.enabled', '--json'])).json).toMatchObject({ success: true, value: true, origin: 'branch' });
    expect((await runCli(repo, ['config', 'get', 'retention.enabled'])).stdout.trim()).toBe('true');
    const show = await runCli(repo, ['config', 'show', '--json'], { env: { MEMORY_AUTO_TAG: 'false' } });
    expect(show.json.config.autoTag).toBe(false);
    expect(show.json.origin.autoTag).toBe('env');
    const bad = await runCli(repo, ['config', 'set', 'maxMemories', 'many', '--json']);
    expect(bad.code).toBe(2);
    expect(bad.json.error.code).toBe('INVALID_INPUT');
    expect((await runCli(repo, ['config', 'show'])).stdout).toMatch(/retention\.enabled\s+true\s+branch/);
  });

  it('config show lines its three columns up, whatever the longest key or value (hybrid.apiKeyEnv)', async () => {
    const repo = makeRepo();
    await runCli(repo, ['config', 'set', 'hybrid.baseUrl', 'https://embeddings.example.com/v1', '--json']);
    const rows = (await runCli(repo, ['config', 'show'])).stdout.split('\n').filter((l) => /^\S+\s+\S/.test(l) && !l.startsWith('layers:'));
    expect(rows.length).toBeGreaterThan(10);
    const origins = rows.map((l) => l.search(/(defaults|branch|env|file)$/));
    const values = rows.map((l) => l.search(/ \S/) + 1 + l.slice(l.search(/ \S/) + 1).search(/\S/));
    expect(new Set(origins).size, rows.join('\n')).toBe(1);
    expect(new Set(values).size, rows.join('\n')).toBe(1);
    expect(rows.find((l) => l.startsWith('hybrid.apiKeyEnv'))).toMatch(/"OPENAI_API_KEY"\s+defaults$/);
  });
});
