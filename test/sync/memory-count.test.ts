import { describe, expect, it } from 'vitest';
import { parseMemoryCount, withMemoryCount } from '../../src/sync/combine.js';

/** The size trailer: what a writer claims about the branch, parsed as untrusted input. */
describe('Memory-Count trailer', () => {
  it('round-trips: appended to a trailer block, or as a paragraph of its own; an old one replaced', () => {
    const store = 'memory: store mem_x [tags: a]\n\nsome text\n\nMemory-Id: mem_x\n';
    const a = withMemoryCount(store, 1234);
    expect(a).toBe('memory: store mem_x [tags: a]\n\nsome text\n\nMemory-Id: mem_x\nMemory-Count: 1234\n');
    expect(parseMemoryCount(a)).toBe(1234);
    expect(parseMemoryCount(withMemoryCount(a, 1235))).toBe(1235);
    expect(withMemoryCount(a, 1235).match(/Memory-Count/g)).toHaveLength(1);
    const plain = withMemoryCount('memory: sync with origin: keep changes made on both sides\n', 0);
    expect(plain).toBe('memory: sync with origin: keep changes made on both sides\n\nMemory-Count: 0\n');
    expect(parseMemoryCount(plain)).toBe(0);
    // A body line that reads like the trailer is the memory's text: kept; only the trailer block's claim goes.
    const body = 'memory: store mem_y\n\nMemory-Count: 3\n \nstill the body\n\nMemory-Id: mem_y\nMemory-Count: 9\n';
    expect(withMemoryCount(body, 10)).toBe('memory: store mem_y\n\nMemory-Count: 3\n \nstill the body\n\nMemory-Id: mem_y\nMemory-Count: 10\n');
    expect(withMemoryCount('s\n\nMemory-Count: 9\n', 10)).toBe('s\n\nMemory-Count: 10\n');
  });

  it('anything but exactly one well-formed claim in the last paragraph is no claim', () => {
    for (const m of [
      'x',
      'x\n\nMemory-Count: ',
      'x\n\nMemory-Count: 12345678901',
      'x\n\nMemory-Count: -1',
      'x\n\nMemory-Count: +1',
      'x\n\nMemory-Count: 007',
      'x\n\nMemory-Count: 1e6',
      'x\n\nMemory-Count: 0x10',
      'x\n\nMemory-Count: 1 2',
      'x\n\nMemory-Count: 5\nMemory-Count: 5',
      'x\n\nMemory-Count: 5\n\nafter',
      `x\n\nMemory-Count: 5\n${'y'.repeat(70_000)}`,
    ]) {
      expect(parseMemoryCount(m), JSON.stringify(m.slice(0, 40))).toBeNull();
    }
    expect(parseMemoryCount('x\n\nMemory-Id: a\nmemory-count:\t9999999999\n\n\n')).toBe(9999999999);
  });
});

// A commit message is untrusted (a pending ref's commits are folded and pulled by every clone).
// `/\s+$/` backtracks quadratically on a long run of spaces that does not end
// the text: 64 KiB cost ~4 CPU s per message, 96 KiB in a pending ref ~6 s per pull. The run below
// is four times that: linear code parses it in milliseconds, quadratic code takes about a minute, so
// the test's own timeout (not a measured time) is what fails.
describe('size trailer on a hostile message', () => {
  const hostile = 'memory: store\n\n' + ' '.repeat(256 * 1024) + 'y';
  it('parses and rewrites a long run of inner whitespace in linear time', { timeout: 15_000 }, () => {
    expect(parseMemoryCount(hostile)).toBeNull();
    expect(parseMemoryCount(`${hostile}\n\nMemory-Count: 12`)).toBe(12);
    expect(withMemoryCount(hostile, 3).endsWith('y\n\nMemory-Count: 3\n')).toBe(true);
  });
});
