/**
 * How many runs a fast-check property gets, from the FC_RUNS environment variable:
 *   FC_RUNS=full   each property's full count, as written in the test (CI: .ci/run sets it);
 *   FC_RUNS=<n>    n runs for every property (a quick loop, or a long hunt for a counterexample);
 *   unset          a tenth of the full count, at least 25 (the local default: fast, still random).
 * Seeds stay as written, so a failure found in CI replays locally with FC_RUNS=full.
 */
export function runs(full: number): number {
  const v = (process.env.FC_RUNS ?? '').trim().toLowerCase();
  if (v === 'full') return full;
  const n = Number(v);
  if (v !== '' && Number.isInteger(n) && n > 0) return n;
  return Math.max(25, Math.ceil(full / 10));
}

/**
 * Whether this run asks for every property's full count (FC_RUNS=full, as .ci/run and CI set it): for
 * loops that are not fast-check properties but have the same shape (a seeded random scenario repeated
 * over several seeds; test/sync/converge.test.ts), the local loop runs fewer and CI all of them.
 */
export function fullRuns(): boolean {
  return (process.env.FC_RUNS ?? '').trim().toLowerCase() === 'full';
}
