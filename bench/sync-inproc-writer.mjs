// In-process writers for bench/sync-concurrency.mjs: one process stores one memory in each of the
// given clones and syncs them all at once (each clone is its own writer), starting at a shared
// wall-clock moment. Prints one JSON line per writer. Run by bench/sync-concurrency.mjs, not directly.
//   node bench/sync-inproc-writer.mjs <lib url> <start epoch ms> <tag> <clone>...
const [lib, startAt, tag, ...clones] = process.argv.slice(2);
const { openMemory } = await import(lib);
const writers = clones.map((repo) => openMemory({ repo, source: 'bench' }));
const wait = Number(startAt) - Date.now();
if (wait > 0) await new Promise((r) => setTimeout(r, wait));
await Promise.all(
  writers.map(async (m, i) => {
    const t = performance.now();
    try {
      const s = await m.store({ content: `${tag} writer ${i}: ${'lorem ipsum '.repeat(6)}`, tags: ['bench'] });
      // A long git timeout: hundreds of simultaneous git processes on a small machine are slow, not broken.
      const r = await m.sync({ timeoutMs: Number(process.env.BENCH_GIT_TIMEOUT_MS || 120_000) });
      process.stdout.write(JSON.stringify({ ok: true, id: s.id, retries: r.retries, pendingRef: r.pendingRef, folded: r.folded, ms: performance.now() - t }) + '\n');
    } catch (err) {
      process.stdout.write(JSON.stringify({ ok: false, code: err.code, message: String(err.message).slice(0, 300), retries: err.data?.retries ?? null, ms: performance.now() - t }) + '\n');
    } finally {
      m.close();
    }
  }),
);
