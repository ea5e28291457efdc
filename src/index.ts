/**
 * git-memory's library API. `openMemory()` gives the seed's tool calls as typed methods over one
 * branch of one repository; every surface (CLI, GitHub Action, MCP server) is a thin adapter over it.
 *
 * @example
 * ```ts
 * import { openMemory } from 'git-memory';
 * const memory = openMemory({ repo: '.' });
 * const { id } = await memory.store({ content: 'API rate limit is 100 requests/minute', tags: ['api'] });
 * const { memory: m } = await memory.get(id);
 * ```
 */
export { openMemory, type GitMemory, type OpenOptions } from './core/api.js';
export { MemoryStore, DEFAULT_BRANCH, type StoreOptions, type StoreInput, type StoreResult, type ListFilter } from './core/store.js';
export { PRIORITIES, MAX_CONTENT_BYTES, type Memory, type Priority } from './core/memory.js';
export { newId, isValidId, pathFor, idFromPath } from './core/id.js';
export * from './core/errors.js';
