import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  contentHash,
  embedInput,
  encodeVector,
  storeEmbedder,
  vectorPath
} from "./chunk-QH6BDPGY.js";
import {
  modelSlug
} from "./chunk-UIE3Y3TH.js";
import "./chunk-UCBYA3PT.js";
import "./chunk-FBFUYQWQ.js";
import "./chunk-5EVQ5UWQ.js";
import {
  MemoryError
} from "./chunk-FJGJKBHJ.js";
import "./chunk-VBFOSH5Y.js";

// src/vector/write.ts
function storeVectorsFrom(model, texts, vectors) {
  if (texts.length !== vectors.length) throw new Error(`${vectors.length} vectors for ${texts.length} texts`);
  const slug = modelSlug(model);
  const byHash = /* @__PURE__ */ new Map();
  texts.forEach((t, i) => {
    const hash = contentHash(t);
    byHash.set(hash, encodeVector(model, hash, vectors[i]));
  });
  return {
    model,
    add(changes, id, timestamp, content) {
      const file = byHash.get(contentHash(content));
      if (!file) return false;
      changes.set(vectorPath(slug, id, timestamp), file);
      return true;
    }
  };
}
async function vectorsForStore(embedder, texts) {
  return storeVectorsFrom(embedder.id, texts, await embedder.embed(texts.map(embedInput)));
}
async function writeTimeVectors(store, texts, embedder) {
  let e;
  try {
    e = storeEmbedder(store, embedder);
    if (!e || !texts.length) return null;
    return await vectorsForStore(e, texts);
  } catch (err) {
    const quiet = err instanceof MemoryError && err.data?.reason === "not-installed";
    if (!quiet) store.warn(`stored without a vector (embed it later with "memory embed"): ${err.message}`);
    return null;
  }
}
export {
  storeVectorsFrom,
  vectorsForStore,
  writeTimeVectors
};
