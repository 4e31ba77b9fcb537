/** More words would not narrow a search further in practice; each is one more index lookup. */
export const maxSearchWords = 8;

/**
 * The words of a post search: runs of letters and digits, lowercased, as both engines' indexes split
 * a post's text (SQLite's unicode61 tokenizer, PostgreSQL's `simple` configuration). Everything else
 * (quotes, operators, `*`, `:`, `&`) separates words, so no text is read as search syntax.
 */
export function searchWords(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, maxSearchWords);
}
