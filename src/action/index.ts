// The action's entrypoint (action.yml runs the bundle of this file).
import { run } from './main.js';

await run();
