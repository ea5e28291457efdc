// A client that writes its requests and closes stdin at once (a script piping a batch into
// `memory mcp`) still gets an answer to every call: the server finishes the calls in flight and
// flushes their responses before it exits, so a write it committed is never left unreported.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI, cli, git, gitEnv, makeRepo } from '../helpers.js';

function runBatch(repo: string, messages: object[]): Promise<{ code: number | null; lines: Array<Record<string, any>>; stderr: string }> {
  const p = spawn(process.execPath, [CLI(), 'mcp', '--repo', repo], { env: gitEnv, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  p.stdout.on('data', (d) => (out += d));
  p.stderr.on('data', (d) => (err += d));
  p.stdin.end(messages.map((m) => JSON.stringify(m) + '\n').join(''));
  return new Promise((resolve) => p.on('close', (code) => resolve({ code, lines: out.split('\n').filter(Boolean).map((l) => JSON.parse(l)), stderr: err })));
}

const hello = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
];

describe('memory mcp at the end of stdin', () => {
  it('answers every call still in flight when stdin closes, writes included, then exits 0', async () => {
    const repo = makeRepo();
    cli(repo, ['store', 'an earlier memory about kestrels']);
    const r = await runBatch(repo, [
      ...hello,
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'memory_store', arguments: { content: 'stored by a call whose stdin closed at once', tags: ['burst'] } } },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'memory_search', arguments: { query: 'kestrels' } } },
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'memory_store', arguments: { content: 'a second write in the same batch about plovers' } } },
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.lines.every((m) => m.jsonrpc === '2.0')).toBe(true);
    const byId = new Map(r.lines.map((m) => [m.id, m]));
    const first = byId.get(2)?.result;
    const second = byId.get(4)?.result;
    expect(first?.isError).toBeFalsy();
    expect(second?.isError).toBeFalsy();
    expect(byId.get(3)?.result?.structuredContent?.results?.length).toBeGreaterThan(0);
    // What the answers name is what was committed.
    const onBranch = git(repo, 'ls-tree', '-r', '--name-only', 'memory', '--', 'memories');
    expect(onBranch).toContain(`${first.structuredContent.id}.md`);
    expect(onBranch).toContain(`${second.structuredContent.id}.md`);
  });

  it('a call the client cancelled before stdin closed does not keep the server waiting', async () => {
    const repo = makeRepo();
    const r = await runBatch(repo, [
      ...hello,
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'memory_store', arguments: { content: 'a write the client gave up on' } } },
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 'gave up' } },
    ]);
    expect(r.code, r.stderr).toBe(0);
  });
});
