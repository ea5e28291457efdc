import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);

// src/model/worker-file.ts
function builtWorker() {
  return typeof new URL("../blob-worker.cjs", import.meta.url) === "undefined" ? void 0 : new URL("../blob-worker.cjs", import.meta.url);
}

export {
  builtWorker
};
