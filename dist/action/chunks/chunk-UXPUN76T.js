import { createRequire as __gmCreateRequire } from 'node:module'; const require = __gmCreateRequire(import.meta.url);

// src/model/closers.ts
var closers = /* @__PURE__ */ new WeakMap();
function onClose(owner, fn) {
  const list = closers.get(owner);
  if (list) list.push(fn);
  else closers.set(owner, [fn]);
}
function runClosers(owner) {
  const list = closers.get(owner);
  if (!list) return;
  closers.delete(owner);
  let first = null;
  for (const fn of list) {
    try {
      fn();
    } catch (err) {
      first ??= err;
    }
  }
  if (first) throw first;
}

export {
  onClose,
  runClosers
};
