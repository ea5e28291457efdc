// One writer for bench/sync.mjs: stores `count` memories in its clone, syncing after every store, and
// prints one JSON line per sync (retries, time, or the error code). Run by bench/sync.mjs, not directly.
const [lib, repo, writer, count] = process.argv.slice(2);
const { openMemory } = await import(lib);
const memory = openMemory({ repo, source: 'bench' });
for (let i = 0; i < Number(count); i++) {
  await memory.store({ content: `writer ${writer} memory ${i}: ${'lorem ipsum '.repeat(8)}`, tags: [`w${writer}`, 'bench'] });
  const t = performance.now();
  try {
    const r = await memory.sync();
    process.stdout.write(JSON.stringify({ ok: true, ms: performance.now() - t, retries: r.retries, conflicts: r.conflicts.length }) + '\n');
  } catch (err) {
    process.stdout.write(JSON.stringify({ ok: false, ms: performance.now() - t, code: err.code, message: err.message }) + '\n');
  }
}
memory.close();
