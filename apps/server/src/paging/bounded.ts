/** At most `max` items of an unpaged list, and whether older ones were left out. */
export interface Bounded<T> {
  items: T[];
  cut: boolean;
}

/**
 * Rows read newest first with `max + 1` as their limit, put back into list order (oldest first, as
 * the spec's unpaged lists are): the newest `max` are kept, and one more row says the list was cut.
 */
export function newestInListOrder<T>(newestFirst: T[], max: number): Bounded<T> {
  return { items: newestFirst.slice(0, max).reverse(), cut: newestFirst.length > max };
}
