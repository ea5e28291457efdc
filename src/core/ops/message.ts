/** The first line of a memory's text for a commit message: whitespace runs collapsed, cut at `max`. */
export function excerpt(content: string, max = 160): string {
  const one = content.replace(/\s+/g, ' ').trim();
  return one.length > max ? one.slice(0, max - 1) + '…' : one;
}
