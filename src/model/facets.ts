/** How many values of one facet the viewer shows (tags, categories, ...): the most frequent. */
export const FACET_TOP = 30;

/**
 * A facet's values, most frequent first, ties by value (code-unit order), cut to {@link FACET_TOP}.
 * One copy for the live server (src/view/model/listing.ts, both its first-page and its full list)
 * and the static export's client (src/view/client/query.ts, bundled for the browser by
 * scripts/build-view.mjs): an export must show the facets `memory view` shows. Pure, no Node import,
 * so the browser bundle can take it.
 */
export function topFacet(counts: Map<string, number>): Array<[string, number]> {
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).slice(0, FACET_TOP);
}
