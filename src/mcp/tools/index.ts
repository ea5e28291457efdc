import type { ToolDefinition } from '../tool.js';
import { memoryStore } from './store.js';
import { memorySearch } from './search.js';
import { memoryGet } from './get.js';
import { memoryRecent } from './recent.js';
import { memoryDelete } from './delete.js';
import { memoryList } from './list.js';
import { memoryUpdate } from './update.js';
import { memoryHistory } from './history.js';
import { memoryCoreView } from './core-view.js';
import { memoryCoreUpdate } from './core-update.js';
import { memoryTrash } from './trash.js';
import { memoryStats } from './stats.js';
import { memoryVerify } from './verify.js';

/** Every tool, in the order clients list them. A new tool is a module here plus one entry. */
export const tools: ToolDefinition[] = [memoryStore, memorySearch, memoryGet, memoryRecent, memoryList, memoryDelete, memoryUpdate, memoryHistory, memoryCoreView, memoryCoreUpdate, memoryTrash, memoryStats, memoryVerify];
