import { describe, expect, it } from 'vitest';
import { lineDiff, linesOf } from '../../src/view/client/diff.js';

/** The viewer's bounded line diff (src/view/client/diff.ts). */
describe('lineDiff', () => {
  it('diffs a small change by lines, common first and last lines kept as they are', () => {
    const d = lineDiff('a\nb\nc\nd\n', 'a\nB\nc\nd\nE\n');
    expect(d).toEqual({
      parts: [
        { kind: 'same', lines: ['a'] },
        { kind: 'del', lines: ['b'] },
        { kind: 'add', lines: ['B'] },
        { kind: 'same', lines: ['c', 'd'] },
        { kind: 'add', lines: ['E'] },
      ],
    });
    expect(lineDiff('same\n', 'same\n')).toEqual({ parts: [{ kind: 'same', lines: ['same'] }] });
    expect(lineDiff('', 'x')).toEqual({ parts: [{ kind: 'del', lines: [''] }, { kind: 'add', lines: ['x'] }] });
  });

  it('gives up past the bound on changed lines (too large), whatever the length of what is the same', () => {
    const many = (w: string, n: number) => Array.from({ length: n }, (_, i) => `${w} ${i}`).join('\n');
    expect(lineDiff(many('a', 1500), many('b', 1500))).toEqual({ tooLarge: true });
    expect(lineDiff(many('a', 30), many('b', 30), 10)).toEqual({ tooLarge: true });
    // 16,000 lines with one changed: the common start and end are taken off, nothing to give up on.
    const long = many('x', 16_000);
    const d = lineDiff(long, long.replace('x 8000\n', 'y 8000\n'));
    expect('parts' in d && d.parts.filter((p) => p.kind !== 'same')).toEqual([
      { kind: 'del', lines: ['x 8000'] },
      { kind: 'add', lines: ['y 8000'] },
    ]);
  });

  it('a final newline ends the last line', () => {
    expect(linesOf('a\nb\n')).toEqual(['a', 'b']);
    expect(linesOf('')).toEqual(['']);
  });
});
