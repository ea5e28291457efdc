import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, gitEnv, makeRepo } from '../helpers.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { connect, errorCode, structured, text } from '../mcp/client.js';
import { checkout, makeRemote, runAction } from '../action/run-action.js';
import { escapeCell, searchSummary } from '../../src/action/summary.js';
import { branchBytes, expectNoSecret, GH_TOKEN, otherRefs, PEM, PEM_BODY_PIECE } from './boundary.js';

describe('MCP arguments', () => {
  it('a request line over 10 MiB is answered with an error and the server keeps serving', async () => {
    const repo = makeRepo();
    const { client } = await connect(repo);
    await expect(client.callTool({ name: 'memory_store', arguments: { content: 'x'.repeat(11 * 1024 * 1024) } })).rejects.toThrow(/over 10485760 bytes/);
    const ok = await client.callTool({ name: 'memory_store', arguments: { content: 'still serving' } });
    expect(ok.isError).toBeFalsy();
    expect(structured(await client.callTool({ name: 'memory_list', arguments: {} })).memories).toHaveLength(1);
  }, 60_000);

  it('a line that is not JSON-RPC gets a parse error; the next request is answered', async () => {
    const repo = makeRepo();
    const p = spawn(process.execPath, [CLI(), 'mcp', '--repo', repo], { env: gitEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stdin.write('this is not json\n');
    p.stdin.write(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } }) + '\n');
    for (let i = 0; i < 100 && !out.includes('"id":7'); i++) await new Promise((r) => setTimeout(r, 100));
    p.stdin.end();
    const lines = out.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ id: null, error: { code: -32700 } });
    expect(lines[1]).toMatchObject({ id: 7, result: { serverInfo: { name: 'git-memory' } } });
  });

  it('valid JSON that is not valid JSON-RPC is answered with the request id, and later requests still are', async () => {
    const repo = makeRepo();
    const p = spawn(process.execPath, [CLI(), 'mcp', '--repo', repo], { env: gitEnv, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    const send = (m: object) => p.stdin.write(JSON.stringify(m) + '\n');
    send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: null });
    send({ jsonrpc: '2.0', id: 'nine', method: 'tools/call', params: ['memory_list', {}] });
    send({ jsonrpc: '2.0', id: 10, method: 'tools/call', params: { name: 'memory_list', arguments: {} } });
    for (let i = 0; i < 200 && !out.includes('"id":10'); i++) await new Promise((r) => setTimeout(r, 100));
    p.stdin.end();
    const msgs = out.trim().split('\n').map((l) => JSON.parse(l));
    expect(msgs.find((m) => m.id === 8)).toMatchObject({ error: { code: -32600 } });
    expect(msgs.find((m) => m.id === 'nine')).toMatchObject({ error: { code: -32602 } });
    expect(msgs.find((m) => m.id === 10)?.result?.structuredContent).toMatchObject({ total: 0 });
    expect(msgs.filter((m) => m.id === null)).toEqual([]);
  }, 60_000);

  it('the SDK client gets an error for a request with array params at once, not a timeout', async () => {
    const repo = makeRepo();
    const { client } = await connect(repo);
    const t = Date.now();
    const err = await client.request({ method: 'tools/call', params: ['memory_list'] as any }, CallToolResultSchema, { timeout: 20_000 }).then(
      () => null,
      (e: { code?: number }) => e,
    );
    expect(err?.code).toBe(-32602);
    expect(Date.now() - t).toBeLessThan(15_000);
    expect(structured(await client.callTool({ name: 'memory_list', arguments: {} })).total).toBe(0);
  }, 60_000);

  it('hostile tool arguments end in coded errors that never carry the secret', async () => {
    const repo = makeRepo({ commit: true });
    const refs = otherRefs(repo);
    const { client, stderr } = await connect(repo);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['memory_store', { content: PEM }, 'SECRET_DETECTED'],
      ['memory_store', { content: 'x', tags: [GH_TOKEN] }, 'SECRET_DETECTED'],
      ['memory_store', { content: 'x', scope: GH_TOKEN }, 'SECRET_DETECTED'],
      ['memory_store', { content: 'x', category: GH_TOKEN }, 'SECRET_DETECTED'],
      ['memory_store', { content: 'x', tags: Array.from({ length: 100_000 }, (_, i) => `t${i}`) }, 'INVALID_INPUT'],
      ['memory_get', { id: GH_TOKEN }, 'INVALID_ID'],
      ['memory_get', { id: 'mem_' + 'a'.repeat(5000) }, 'INVALID_ID'],
      ['memory_delete', { id: GH_TOKEN }, 'INVALID_ID'],
    ];
    for (const [name, args, want] of cases) {
      // Answered, not hung: the test's timeout bounds each call (no wall-clock assertion on a shared machine).
      const r = await client.callTool({ name, arguments: args });
      // A schema refusal (zod) or the library's own code: either way coded, never INTERNAL.
      expect(r.isError, `${name} ${JSON.stringify(args).slice(0, 80)}`).toBe(true);
      const code = errorCode(r);
      expect([want, 'INVALID_INPUT']).toContain(code);
      expect(text(r).length).toBeLessThan(4000);
      expectNoSecret(GH_TOKEN, text(r));
      expectNoSecret(PEM_BODY_PIECE, text(r));
    }
    expectNoSecret(GH_TOKEN, stderr(), branchBytes(repo));
    expect(otherRefs(repo)).toBe(refs);
  }, 60_000);
});

describe('Action inputs', () => {
  it('a secret as content fails with SECRET_DETECTED, echoed nowhere; .git-memory.json cannot turn the guard off', async () => {
    const ws = checkout(makeRemote());
    writeFileSync(join(ws, '.git-memory.json'), JSON.stringify({ secretGuard: 'off' }));
    const r = await runAction(ws, { sync: 'false', content: `deploy key ${GH_TOKEN}`, tags: 'ops' });
    expect(r.code).not.toBe(0);
    expect(r.json.error.code).toBe('SECRET_DETECTED');
    expect(r.stdout + r.stderr).toMatch(/secretGuard "off" is ignored/);
    expectNoSecret(GH_TOKEN, r.stdout, r.stderr, JSON.stringify(r.outputs), r.summary, branchBytes(ws));
  }, 60_000);

  it('the job summary neutralises bare URLs and addresses from memories', () => {
    const cell = escapeCell('see https://evil.example/login or www.evil.example, mail admin@evil.example');
    expect(cell).not.toMatch(/https:\/\//);
    expect(cell).not.toMatch(/www\./);
    expect(cell).not.toMatch(/[a-z]@[a-z]/);
    expect(cell.replace(/\u200b/g, '').replace(/\\/g, '')).toBe('see https://evil.example/login or www.evil.example, mail admin@evil.example');
    const md = searchSummary({ query: 'x', tags: [], branch: 'memory' }, [{ id: 'mem_a', content: 'http://a.example', tags: [], category: 'general', priority: 'medium', timestamp: '2026-01-01T00:00:00.000Z', metadata: {} }], 1);
    expect(md).not.toContain('http://');
  });
});

describe('Action inputs: tags', () => {
  it('an AWS key id in the tags input is refused before tags are lowercased', async () => {
    const { parseInputs } = await import('../../src/action/inputs.js');
    const { AWS_KEY_ID } = await import('./boundary.js');
    const get = (n: string) => ({ command: 'store', content: 'deploy notes', tags: `ops, ${AWS_KEY_ID}` })[n as 'tags'] ?? '';
    expect(() => parseInputs(get, { GITHUB_WORKSPACE: '/tmp' })).toThrow(expect.objectContaining({ code: 'SECRET_DETECTED' }));
    try {
      parseInputs(get, { GITHUB_WORKSPACE: '/tmp' });
    } catch (err) {
      expect(JSON.stringify((err as { toJSON(): unknown }).toJSON())).not.toContain(AWS_KEY_ID);
    }
  });
});
