import * as z from 'zod';
import type { ToolAnnotations, ToolDefinition } from './tool.js';
import { tools as allTools } from './tools/index.js';

type JsonSchema = Record<string, unknown>;

/** zod's integer bounds (±2^53-1) say nothing to a model; drop them, and `$schema` outside MCP. */
function tidy(schema: unknown, keepDialect: boolean): JsonSchema {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if ((k === 'maximum' || k === 'minimum') && Math.abs(x as number) === Number.MAX_SAFE_INTEGER) continue;
      out[k] = walk(x);
    }
    return out;
  };
  const s = walk(schema) as JsonSchema;
  if (!keepDialect) delete s.$schema;
  return s;
}

/**
 * JSON Schema of a tool's input (draft-07, the dialect the MCP SDK emits and validates). Closed: the
 * server refuses an argument a tool does not have (src/mcp/server.ts), so the schema says so.
 */
export function inputSchema(t: ToolDefinition, keepDialect = true): JsonSchema {
  return { ...tidy(z.toJSONSchema(t.input, { target: 'draft-7', io: 'input' }), keepDialect), additionalProperties: false };
}

export function outputSchema(t: ToolDefinition, keepDialect = true): JsonSchema {
  return tidy(z.toJSONSchema(t.output, { target: 'draft-7', io: 'output' }), keepDialect);
}

/** A tool as MCP's tools/list describes it. */
export interface McpToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: ToolAnnotations;
}

export function mcpDefinition(t: ToolDefinition): McpToolDefinition {
  return {
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: inputSchema(t),
    outputSchema: outputSchema(t),
    annotations: { title: t.title, ...t.annotations },
  };
}

export const FORMATS = ['openai', 'anthropic', 'mcp'] as const;
export type ToolFormat = (typeof FORMATS)[number];

/**
 * The tool definitions for agents that do function calling without MCP: OpenAI's `tools` array
 * (Chat Completions), Anthropic's Messages API `tools`, or MCP's tools/list entries.
 */
export function toolDefinitions(format: ToolFormat, tools: ToolDefinition[] = allTools): unknown[] {
  switch (format) {
    case 'openai':
      return tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: inputSchema(t, false) } }));
    case 'anthropic':
      return tools.map((t) => ({ name: t.name, description: t.description, input_schema: inputSchema(t, false) }));
    case 'mcp':
      return tools.map(mcpDefinition);
  }
}
