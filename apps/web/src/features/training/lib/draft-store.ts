import type { WorkoutDraft } from './draft';

/**
 * The workout in progress, kept in this device's localStorage at every change, per person, so a
 * reload, a closed tab or a crash mid-workout loses nothing (issue 46). Logout clears localStorage
 * with the rest of the session (SPEC §2), and the draft goes with it.
 */
export interface KeptDraft {
  savedAt: string;
  draft: WorkoutDraft;
}

const keyOf = (username: string) => `spotter.workoutDraft.${username}`;
/** Bumped when the draft's shape changes: an older draft is not offered rather than misread. */
const version = 1;

export function keptDraft(username: string): KeptDraft | null {
  try {
    const text = localStorage.getItem(keyOf(username));
    if (!text) return null;
    const kept = JSON.parse(text) as KeptDraft & { version?: number };
    return kept.version === version && Array.isArray(kept.draft?.exercises) ? kept : null;
  } catch {
    return null;
  }
}

export function keepDraft(username: string, draft: WorkoutDraft, now = new Date()): void {
  try {
    localStorage.setItem(keyOf(username), JSON.stringify({ version, savedAt: now.toISOString(), draft }));
  } catch {
    // A full or blocked storage: the form still works, the draft is just not kept.
  }
}

export function dropDraft(username: string): void {
  try {
    localStorage.removeItem(keyOf(username));
  } catch {
    // Nothing kept, nothing to drop.
  }
}
