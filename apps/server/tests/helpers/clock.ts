/**
 * Resolves once the clock has moved on to another millisecond. Times are kept to the millisecond and
 * two rows of the same one are ordered by their public id, not by which came first: a test that
 * asserts "newest first" between two writes made back to back waits for this between them, as any
 * two a person makes by hand are apart.
 */
export async function nextMillisecond(): Promise<void> {
  const now = Date.now();
  while (Date.now() === now) await new Promise((resolve) => setTimeout(resolve, 1));
}
