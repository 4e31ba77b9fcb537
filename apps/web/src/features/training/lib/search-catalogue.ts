import type { Exercise } from '@spotter/contract';

/**
 * The exercise search done on the device, over the catalogue kept for offline logging (issue 48):
 * the name itself first, then names starting with the words typed, then a word of the name starting
 * with them, then the rest containing them; alphabetical within each.
 */
export function searchCatalogue(catalogue: readonly Exercise[], query: string, limit: number): Exercise[] {
  const q = query.trim().toLowerCase();
  if (q === '') return catalogue.slice(0, limit);
  const rank = (name: string) => {
    const n = name.toLowerCase();
    if (n === q) return 0;
    if (n.startsWith(q)) return 1;
    if (n.split(/[\s(/-]+/).some((word) => word.startsWith(q))) return 2;
    return n.includes(q) ? 3 : -1;
  };
  return catalogue
    .map((exercise) => ({ exercise, rank: rank(exercise.name) }))
    .filter((x) => x.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.exercise.name.localeCompare(b.exercise.name))
    .slice(0, limit)
    .map((x) => x.exercise);
}
