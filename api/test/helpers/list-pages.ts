/**
 * Every row of a paged list in order: pages 1, 2, … of `pageSize` rows until one comes back short.
 * A list that never ends (a page past the end answering rows again) fails rather than loops.
 */
export async function everyPage<T>(rowsOfPage: (page: number) => Promise<T[]>, pageSize: number, mostPages = 100): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; page <= mostPages; page++) {
    const some = await rowsOfPage(page);
    rows.push(...some);
    if (some.length < pageSize) return rows;
  }
  throw new Error('more pages than expected');
}
