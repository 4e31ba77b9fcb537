/** A count with its noun, one or many (issue 47: "1 workout", "3 workouts"); `many` for an irregular plural. */
export const countOf = (count: number, one: string, many = `${one}s`): string => `${count} ${count === 1 ? one : many}`;
