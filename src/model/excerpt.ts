/**
 * Text on one line (whitespace runs collapsed to one space), cut to `max` characters with an
 * ellipsis: memory text in commit messages, error data, CLI tables and Action logs.
 */
/** How much of a memory's text a commit message quotes. */
export const COMMIT_EXCERPT = 160;

export function excerpt(text: string, max: number): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? one.slice(0, max - 1) + '…' : one;
}
