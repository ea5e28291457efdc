import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);

// src/model/excerpt.ts
var COMMIT_EXCERPT = 160;
function excerpt(text, max) {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > max ? one.slice(0, max - 1) + "\u2026" : one;
}

export {
  COMMIT_EXCERPT,
  excerpt
};
