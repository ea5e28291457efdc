import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, expect } from 'vitest';
import { CLI, gitEnv } from '../helpers.js';

const open: Client[] = [];
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});

/** A real `memory mcp` child process driven by the SDK's own client. */
export async function connect(repo: string, extra: string[] = [], env: Record<string, string> = {}): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI(), 'mcp', '--repo', repo, ...extra],
    env: { ...(gitEnv as Record<string, string>), ...env },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d) => (err += d));
  const client = new Client({ name: 'git-memory-test', version: '1.0.0' });
  await client.connect(transport);
  open.push(client);
  return { client, stderr: () => err };
}

export type Result = Awaited<ReturnType<Client['callTool']>>;
export const structured = (r: Result) => r.structuredContent as any;
export const text = (r: Result) => (r.content as Array<{ type: string; text: string }>)[0].text;
/** The stable error code of a tool error (the text block is the CLI's --json error shape). */
export const errorCode = (r: Result) => {
  expect(r.isError).toBe(true);
  return JSON.parse(text(r)).error.code as string;
};

