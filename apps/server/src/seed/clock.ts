/**
 * The demo network is written as of one week in November 2026; seeded "now" it would age, and
 * trending (the last 7 days) would be empty on every later start. Every time the seed writes is
 * moved forward by whole days so that the last of them falls within the day before the seeding: the
 * demo's last week is always this week. Whole days keep each time of day; the order and the gaps
 * between the seed's times are unchanged.
 */
const day = 86_400_000;

/** The latest instant the seed's data names (its last workouts end on 22 November 2026). */
export const seedWrittenAt = Date.parse('2026-11-23T00:00:00.000Z');

/** How far the seed's times move, decided once per process (at the seed's import). */
export const seedShiftMs = Math.max(0, Math.floor((Date.now() - seedWrittenAt) / day)) * day;

/** A time of the seed's data, moved as above. */
export const seedTime = (iso: string) => new Date(Date.parse(iso) + seedShiftMs).toISOString();
