/**
 * Records count sessions, not entries (decision 040, amended): an exercise logged twice in one
 * workout is one session, and its session volume is the sum of both entries. `exercise_bests` rows
 * written before that counted each entry, and keep doing so until a back-dated workout, an edit or a
 * delete rewrites them. Only the people who logged some exercise twice in one workout can hold such
 * rows; theirs are rebuilt from the history, as migration 066 built everyone's.
 */
export function exerciseSessionCounts() {
  return {
    // Migration 102 follows this one in every upgrade and rebuilds every person's rows with the
    // rules of the code that runs it (which read columns 101 and 102 add): sessions counted as here.
    async up() {},
    async down() {},
  };
}
