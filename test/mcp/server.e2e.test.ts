import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, cli, git, gitEnv, makeRepo, tempDir } from '../helpers.js';
import { connect, errorCode, structured } from './client.js';

// The stdio process boundary of `memory mcp`: its flags reach the server, a wrong --repo does not kill
// the process at launch, and stdout carries nothing but protocol messages. What the tools do is tested in-process:
// server-tools.test.ts (and archived, contract, operations, search).
describe('memory mcp', () => {
  it('serves the branch given with --branch, with the previews --preview-chars sets', async () => {
    const repo = makeRepo();
    const { client } = await connect(repo, ['--branch', 'agent-notes', '--preview-chars', '100']);
    const { id } = structured(await client.callTool({ name: 'memory_store', arguments: { content: `on another branch ${'word '.repeat(60)}` } }));
    expect(git(repo, 'log', '--format=%B', '-1', 'agent-notes')).toContain(id);
    expect(cli(repo, ['list', '--json']).json.total).toBe(0);
    expect(cli(repo, ['list', '--json', '--branch', 'agent-notes']).json.total).toBe(1);
    expect(structured(await client.callTool({ name: 'memory_list', arguments: {} })).memories[0]).toMatchObject({ id, truncated: true });
  });

  it('reports a wrong --repo as a tool error instead of dying on launch', async () => {
    const { client } = await connect(tempDir('gm-norepo-'));
    expect(errorCode(await client.callTool({ name: 'memory_recent', arguments: {} }))).toBe('NOT_A_REPOSITORY');
    expect((await client.listTools()).tools.length).toBeGreaterThanOrEqual(6);
  });

  it('writes nothing but protocol messages to stdout, even with a broken file on the branch and a garbage line on stdin', async () => {
    const repo = makeRepo({ commit: true });
    cli(repo, ['store', 'good one']);
    // A hand-written file with broken front matter: the store skips it with a warning.
    const wt = join(tempDir('gm-wt-'), 'wt');
    git(repo, 'worktree', 'add', '-q', wt, 'memory');
    mkdirSync(join(wt, 'memories', 'hand'), { recursive: true });
    writeFileSync(join(wt, 'memories', 'hand', 'broken.md'), '---\ntags: [unclosed\n---\nbody\n');
    git(wt, 'add', '.');
    git(wt, 'commit', '-q', '-m', 'hand edit');
    git(repo, 'worktree', 'remove', '--force', wt);

    const p = spawn(process.execPath, [CLI(), 'mcp', '--repo', repo], { env: gitEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    const send = (m: object) => p.stdin.write(JSON.stringify(m) + '\n');
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    p.stdin.write('this line is not JSON-RPC\n'); // a misbehaving client must not take the server down
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'memory_list', arguments: {} } });
    send({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'memory_get', arguments: { id: 'mem_nope' } } });
    const deadline = Date.now() + 20_000;
    while (out.split('\n').filter(Boolean).length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    p.stdin.end();
    const code = await new Promise<number | null>((r) => p.on('close', r));
    expect(code).toBe(0); // stdin closed: a clean exit
    const lines = out.split('\n').filter(Boolean);
    const msgs = lines.map((l) => JSON.parse(l)); // every stdout line is a JSON-RPC message
    expect(msgs.every((m) => m.jsonrpc === '2.0')).toBe(true);
    const list = msgs.find((m) => m.id === 2).result;
    expect(list.structuredContent.total).toBe(1);
    expect(msgs.find((m) => m.id === 3).result.isError).toBe(true);
    expect(err).toMatch(/broken\.md/);
  });
});
