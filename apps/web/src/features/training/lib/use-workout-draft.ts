import type { Exercise, LastSession } from '@spotter/contract';
import { useEffect, useState } from 'react';
import {
  type DraftExercise,
  type DraftSet,
  draftHasContent,
  newDraft,
  newExercise,
  newSet,
  type WorkoutDraft,
} from './draft';
import { dropDraft, type KeptDraft, keepDraft, keptDraft } from './draft-store';
import { setWithPrevious } from './superset';

/** What the last removal took, said in words, until it is undone or the next change. */
export interface Removal {
  words: string;
  before: DraftExercise[];
}

/**
 * The workout in progress: its state, kept on the device at every change; a draft kept from before
 * is offered back first (`offer`: Resume workout or Discard), and nothing is kept over it until the
 * person chose. A removed set or exercise can be put back (`undo`) until the next change.
 */
export function useWorkoutDraft(username: string | undefined) {
  const [offer, setOffer] = useState<KeptDraft | null>(() => {
    const kept = username ? keptDraft(username) : null;
    return kept && draftHasContent(kept.draft) ? kept : null;
  });
  const [draft, setDraft] = useState<WorkoutDraft>(() => newDraft());
  const [removal, setRemoval] = useState<Removal | null>(null);

  useEffect(() => {
    if (!username || offer) return;
    if (draftHasContent(draft)) keepDraft(username, draft);
    else dropDraft(username);
  }, [username, offer, draft]);

  const change = (next: (d: WorkoutDraft) => WorkoutDraft) => {
    setRemoval(null);
    setDraft(next);
  };
  const changeExercise = (id: string, next: (e: DraftExercise) => DraftExercise) =>
    change((d) => ({ ...d, exercises: d.exercises.map((e) => (e.id === id ? next(e) : e)) }));

  return {
    draft,
    offer,
    removal,
    resume() {
      if (offer) setDraft(offer.draft);
      setOffer(null);
    },
    discard() {
      if (username) dropDraft(username);
      setOffer(null);
    },
    /** A workout started from a routine, in place of the empty form. */
    start(next: WorkoutDraft) {
      change(() => next);
    },
    /**
     * The last session of an exercise, once it has come: not a change the person made, so an undo
     * offered stays.
     */
    learnLast(exerciseId: string, last: LastSession) {
      setDraft((d) => ({ ...d, exercises: d.exercises.map((e) => (e.id === exerciseId ? { ...e, last } : e)) }));
    },
    /** A new, empty workout (after one was saved). */
    reset() {
      setRemoval(null);
      setDraft(newDraft());
    },
    update: (fields: Partial<Pick<WorkoutDraft, 'title' | 'date' | 'start' | 'duration'>>) =>
      change((d) => ({ ...d, ...fields })),
    addExercise(exercise: Exercise): DraftExercise {
      const entry = newExercise(exercise);
      change((d) => ({ ...d, exercises: [...d.exercises, entry] }));
      return entry;
    },
    updateExercise: (id: string, fields: Partial<DraftExercise>) => changeExercise(id, (e) => ({ ...e, ...fields })),
    /** Joins an exercise to the one before it (a superset), or takes it out. */
    setSuperset(exerciseId: string, on: boolean) {
      change((d) => ({
        ...d,
        exercises: setWithPrevious(
          d.exercises,
          d.exercises.findIndex((e) => e.id === exerciseId),
          on,
        ),
      }));
    },
    /** A set like the last one (the next set of five is typed as a change, not again). */
    addSet(exerciseId: string): DraftSet {
      const last = draft.exercises.find((e) => e.id === exerciseId)?.sets.at(-1);
      const set = newSet(last);
      changeExercise(exerciseId, (e) => ({ ...e, sets: [...e.sets, set] }));
      return set;
    },
    updateSet: (exerciseId: string, setId: string, fields: Partial<DraftSet>) =>
      changeExercise(exerciseId, (e) => ({
        ...e,
        sets: e.sets.map((s) => (s.id === setId ? { ...s, ...fields } : s)),
      })),
    /** Removes one set; the exercise stays, even with no set left (Remove exercise takes it away). */
    removeSet(exerciseId: string, setId: string) {
      const entry = draft.exercises.find((e) => e.id === exerciseId);
      const index = entry?.sets.findIndex((s) => s.id === setId) ?? -1;
      if (!entry || index < 0) return;
      const before = draft.exercises;
      changeExercise(exerciseId, (e) => ({ ...e, sets: e.sets.filter((s) => s.id !== setId) }));
      setRemoval({ words: `Removed set ${index + 1} of ${entry.exercise.name}.`, before });
    },
    removeExercise(exerciseId: string) {
      const entry = draft.exercises.find((e) => e.id === exerciseId);
      if (!entry) return;
      const before = draft.exercises;
      change((d) => ({ ...d, exercises: d.exercises.filter((e) => e.id !== exerciseId) }));
      setRemoval({ words: `Removed ${entry.exercise.name}.`, before });
    },
    undo() {
      if (!removal) return;
      setDraft((d) => ({ ...d, exercises: removal.before }));
      setRemoval(null);
    },
  };
}
