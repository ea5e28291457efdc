import type { CommandModule } from 'yargs';
import type { GlobalArgs } from '../context.js';
import { storeCommand } from './store.js';
import { getCommand } from './get.js';
import { recentCommand } from './recent.js';
import { taggedCommand } from './tagged.js';
import { listCommand } from './list.js';
import { deleteCommand } from './delete.js';
import { clearCommand } from './clear.js';
import { configCommand } from './config.js';
import { pruneCommand } from './prune.js';
import { importCommand } from './import.js';
import { exportCommand } from './export.js';
import { coreCommand } from './core.js';
import { updateCommand } from './update.js';
import { historyCommand } from './history.js';
import { trashCommand } from './trash.js';
import { statsCommand } from './stats.js';
import { mcpCommand } from './mcp.js';
import { toolsCommand } from './tools.js';
import { searchCommand } from './search.js';
import { rebuildIndexCommand } from './rebuild-index.js';
import { syncCommand } from './sync.js';
import { pullCommand } from './pull.js';
import { pushCommand } from './push.js';
import { embedCommand } from './embed.js';
import { daemonCommand } from './daemon.js';
import { viewCommand } from './view.js';

/** Every CLI command. A new command is a module in this folder plus one line here. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const commands: CommandModule<GlobalArgs, any>[] = [storeCommand, getCommand, recentCommand, taggedCommand, listCommand, deleteCommand, clearCommand, configCommand, pruneCommand, importCommand, exportCommand, updateCommand, historyCommand, trashCommand, coreCommand, statsCommand, mcpCommand, toolsCommand, searchCommand, rebuildIndexCommand, syncCommand, pullCommand, pushCommand, embedCommand, daemonCommand, viewCommand];
