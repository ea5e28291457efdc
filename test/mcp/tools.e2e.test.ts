import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { CLI, cli, gitEnv, makeRepo, tempDir } from '../helpers.js';

const NAMES = ['memory_store', 'memory_search', 'memory_get', 'memory_recent', 'memory_list', 'memory_delete'];

describe('memory tools', () => {
  it('prints OpenAI function definitions, outside any repository', () => {
    const r = cli(tempDir('gm-plain-'), ['tools', '--format', 'openai']);
    expect(r.code).toBe(0);
    expect(r.json.map((t: any) => t.function.name)).toEqual(expect.arrayContaining(NAMES));
    for (const t of r.json) {
      expect(t.type).toBe('function');
      expect(t.function.parameters.type).toBe('object');
      expect(t.function.parameters.$schema).toBeUndefined();
      expect(t.function.description.length).toBeGreaterThan(40);
    }
    const store = r.json.find((t: any) => t.function.name === 'memory_store').function.parameters;
    expect(store.required).toEqual(['content']);
    expect(store.properties.priority.enum).toEqual(['low', 'medium', 'high']);
    expect(store.properties.tags).toMatchObject({ type: 'array', items: { type: 'string' } });
  });

  it('prints Anthropic tool definitions', () => {
    const r = cli(tempDir('gm-plain-'), ['tools', '--format', 'anthropic']);
    expect(r.code).toBe(0);
    const search = r.json.find((t: any) => t.name === 'memory_search');
    expect(Object.keys(search).sort()).toEqual(['description', 'input_schema', 'name']);
    expect(search.input_schema.properties.limit).toMatchObject({ type: 'integer', minimum: 1 });
    // zod's ±2^53 integer bounds are dropped (they only confuse a model); the real cap stays.
    expect(search.input_schema.properties.limit.maximum).toBe(50);
    expect(JSON.stringify(r.json)).not.toContain('9007199254740991');
  });

  it('prints exactly what the MCP server lists', async () => {
    const repo = makeRepo();
    const printed = cli(repo, ['tools', '--format', 'mcp']).json;
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI(), 'mcp', '--repo', repo], env: gitEnv as Record<string, string>, stderr: 'pipe' });
    const client = new Client({ name: 't', version: '1' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools).toEqual(printed);
    } finally {
      await client.close();
    }
  });

  it('rejects an unknown format with INVALID_INPUT', () => {
    const r = cli(tempDir('gm-plain-'), ['tools', '--format', 'gemini', '--json']);
    expect(r.code).toBe(2);
    expect(r.json.error.code).toBe('INVALID_INPUT');
  });
});
