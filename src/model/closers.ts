/**
 * What closes with a store. Layers above the store's model (the full-text index holds segment files
 * open) register what must be let go when the store closes; `MemoryStore.close()` runs them. Keyed
 * by the owner object, so a module needs no import of the store to attach to it.
 */
const closers = new WeakMap<object, Array<() => void>>();

/** Runs `fn` when `owner` closes (once; in the order registered). */
export function onClose(owner: object, fn: () => void): void {
  const list = closers.get(owner);
  if (list) list.push(fn);
  else closers.set(owner, [fn]);
}

/** Runs and forgets everything registered for `owner`; a closer that throws does not stop the others. */
export function runClosers(owner: object): void {
  const list = closers.get(owner);
  if (!list) return;
  closers.delete(owner);
  let first: unknown = null;
  for (const fn of list) {
    try {
      fn();
    } catch (err) {
      first ??= err;
    }
  }
  if (first) throw first;
}
