import useSWRInfinite, { type SWRInfiniteKeyLoader, unstable_serialize } from 'swr/infinite';

/** Rows per page of a long admin list (the API's default page). */
export const PAGE_SIZE = 100;

/**
 * A list the API serves a page at a time in key order: the first page at `path`, each next
 * one at `path?after=<the last row's key>`; a page shorter than PAGE_SIZE is the last.
 */
export function keysetPages<T>(path: string, keyOf: (row: T) => string) {
  const getKey: SWRInfiniteKeyLoader<T[]> = (index, previous) => {
    if (index === 0) return path;
    const last = previous?.[previous.length - 1];
    if (!previous || previous.length < PAGE_SIZE || last === undefined) return null;
    return `${path}${path.includes('?') ? '&' : '?'}after=${encodeURIComponent(keyOf(last))}`;
  };
  /** The cache key to pass to SWR's `mutate` to reload every loaded page. */
  return { getKey, cacheKey: unstable_serialize(getKey) };
}

/** The loaded rows of a keyset list, whether there is more, and a way to load the next page. */
export function useKeysetPages<T>(pages: { getKey: SWRInfiniteKeyLoader<T[]> }) {
  const { data, error, isLoading, size, setSize } = useSWRInfinite<T[]>(pages.getKey);
  const last = data?.[data.length - 1];
  return {
    rows: data ? data.flat() : [],
    error: error as Error | undefined,
    isLoading,
    hasMore: last !== undefined && last.length >= PAGE_SIZE,
    loadingMore: data !== undefined && size > data.length,
    loadMore: () => void setSize(size + 1),
  };
}
