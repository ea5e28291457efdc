import type * as z from 'zod';
import type { GitMemory } from '../api.js';
import type { Memory } from '../model/memory.js';
import type { MemoryPreviewT } from './schemas.js';
import type { Operation } from '../sync-around.js';

/** MCP tool annotations (hints to the client; the spec's names). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** What a tool handler gets besides its arguments. */
export interface ToolContext {
  /** Longest content returned inline in list/search results, in characters. */
  previewChars: number;
  /** This server's session id, recorded as `metadata.session` on what it stores. */
  session?: string;
}

/**
 * One tool: its schemas, hints and a handler that is a thin call into the library object. Tool
 * modules import zod and types only, so `memory tools` can print definitions without the MCP SDK.
 */
export interface ToolDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  /** Written for a model: what it does and when to call it. */
  description: string;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  /** The door operation it runs, whose flag (src/sync-around.ts) says how the server shares around it with --sync. */
  operation: Operation | ((args: z.output<I>) => Operation);
  run(memory: GitMemory, args: z.output<I>, ctx: ToolContext): Promise<z.output<O>>;
  /** The text block that accompanies structuredContent (what most clients show the model). */
  render(result: z.output<O>): string;
}

/** Helps TypeScript infer I and O per tool while the registry holds them uniformly. */
export function defineTool<I extends z.ZodObject, O extends z.ZodObject>(def: ToolDefinition<I, O>): ToolDefinition {
  return def as unknown as ToolDefinition;
}

export const DEFAULT_PREVIEW_CHARS = 1000;

/**
 * Cuts long content so a page of results fits a model's context. The marker says how much is left
 * and how to get it; `truncated` says so in the structured result.
 */
/** Where to cut `text` to at most `max` code units without splitting a surrogate pair. */
export function cutAt(text: string, max: number): number {
  const code = text.charCodeAt(max - 1);
  return code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
}

export function preview(m: Memory, max: number): MemoryPreviewT {
  if (m.content.length <= max) return { ...m };
  const cut = cutAt(m.content, max);
  const rest = m.content.length - cut;
  return {
    ...m,
    content: `${m.content.slice(0, cut)}… [truncated: ${rest} more characters; call memory_get with id "${m.id}" for the full text]`,
    truncated: true,
  };
}

export function clamp(n: number | undefined, dflt: number, cap: number): number {
  return Math.min(n ?? dflt, cap);
}

function attrs(m: Memory & { relevance?: number }): string {
  const parts = [m.timestamp.slice(0, 16).replace('T', ' ')];
  if (m.tags.length) parts.push(`tags: ${m.tags.join(', ')}`);
  if (m.category !== 'general') parts.push(`category: ${m.category}`);
  if (m.priority !== 'medium') parts.push(`priority: ${m.priority}`);
  if (m.scope) parts.push(`scope: ${m.scope}`);
  if (m.relevance !== undefined) parts.push(`relevance: ${Number(m.relevance.toFixed(3))}`);
  return parts.join(' | ');
}

/** One memory as text: a header line with id and attributes, then the content. */
export function renderMemory(m: Memory & { relevance?: number }): string {
  return `[${m.id}] ${attrs(m)}\n${m.content}`;
}

export function renderList(head: string, items: Array<Memory & { relevance?: number }>): string {
  if (!items.length) return `${head}\n(no memories)`;
  return `${head}\n\n${items.map(renderMemory).join('\n\n')}`;
}
