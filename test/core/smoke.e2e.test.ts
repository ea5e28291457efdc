import { describe, expect, it } from 'vitest';
import { cli, makeRepo } from '../helpers.js';

describe('cli smoke', () => {
  it('builds and runs', () => {
    const repo = makeRepo();
    const r = cli(repo, ['store', 'hello', '--json']);
    expect(r.code).toBe(0);
    expect(r.json.id).toMatch(/^mem_/);
  });
});
