/** Letters that decomposition (NFKD) leaves whole, spelled as a person without the key would type them. */
const spelledOut: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/**
 * The search key of a name: lower case, accents dropped, and only letters and digits kept, so
 * "Pull-Up", "pull up" and "pullup" meet, as do "Développé" and "developpe". The key holds no SQL
 * wildcard, so a search is a plain LIKE '%key%' without escaping.
 */
export function foldName(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœøłđðþı]/g, (letter) => spelledOut[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** A readable id made of the name: "Farmer's Carry" -> "farmers-carry". */
export function slugName(name: string): string {
  return name
    .split(/[\s/-]+/)
    .map(foldName)
    .filter((part) => part !== '')
    .join('-');
}
