import { command } from '../command.js';
import type { GlobalArgs } from '../context.js';
import { reportError, writeJson } from '../output.js';

interface Args extends GlobalArgs {
  format?: string;
}

export const toolsCommand = command<Args>({
  command: 'tools',
  describe: 'Print the memory tool definitions as JSON schemas, for function calling without MCP',
  builder: (y) =>
    y
      .option('format', { type: 'string', choices: ['openai', 'anthropic', 'mcp'], default: 'mcp', describe: 'openai: Chat Completions `tools`; anthropic: Messages API `tools`; mcp: tools/list entries' })
      .example('$0 tools --format openai > tools.json', 'For an OpenAI function-calling agent')
      .example('$0 tools --format anthropic', 'For the Anthropic Messages API')
      .epilog('Execute a call with the library (openMemory) or the CLI (--json). Needs no repository.'),
  handler: async (argv) => {
    try {
      const { toolDefinitions } = await import('../../mcp/definitions.js');
      writeJson(toolDefinitions((argv.format ?? 'mcp') as 'openai' | 'anthropic' | 'mcp'));
    } catch (err) {
      reportError(err, !!argv.json);
    }
  },
});
