import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { onTestFinished } from 'vitest';
import { createMemoryServer, type MemoryServerOptions } from '../../src/mcp/server.js';

/**
 * The MCP server in this process (createMemoryServer, what `memory mcp` serves) driven by the SDK's
 * own client over the SDK's in-memory transport: for what the tools do. The stdio process boundary
 * (`memory mcp` spawned, its bounded line reader, stdout kept clean) is tested in the e2e files with
 * `connect` (client.ts). Closed when the test ends (onTestFinished: the fast project shares modules
 * between files, so a module-level afterEach would be registered for the first file only).
 */
export async function connectIn(repo: string, opts: Omit<MemoryServerOptions, 'repo' | 'log'> = {}): Promise<{ client: Client; stderr: () => string }> {
  let err = '';
  const server = createMemoryServer({ repo, ...opts, log: (line) => (err += `git-memory mcp: ${line}\n`) });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'git-memory-test', version: '1.0.0' });
  await client.connect(clientSide);
  onTestFinished(async () => {
    await client.close();
    await server.close();
  });
  return { client, stderr: () => err };
}
