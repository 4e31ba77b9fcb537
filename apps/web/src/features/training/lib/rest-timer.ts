import { useSyncExternalStore } from 'react';

/**
 * The rest between two sets: started when a set is ticked done, shown by the Log screen. It lives
 * here, outside the screen, so switching to the feed and back finds it still counting, and it rings
 * at zero wherever the person is in the app.
 */
export interface Rest {
  /** Epoch milliseconds at which the rest is over. */
  endsAt: number;
  /** What the rest follows, for the timer's name: "Rest after Barbell Bench Press". */
  after: string;
}

let current: Rest | null = null;
let ring: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function set(next: Rest | null) {
  current = next;
  clearTimeout(ring);
  if (next) ring = setTimeout(restOver, Math.max(0, next.endsAt - Date.now()));
  for (const listener of listeners) listener();
}

function restOver() {
  set(null);
  signal();
}

/** A buzz where the device can (phones), and a short beep where the browser lets a page make sound. */
function signal() {
  try {
    navigator.vibrate?.([200, 100, 200]);
  } catch {
    // No vibration here.
  }
  try {
    const Audio = globalThis.AudioContext;
    if (!Audio) return;
    const audio = new Audio();
    const tone = audio.createOscillator();
    tone.frequency.value = 880;
    tone.connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.3);
    tone.onended = () => void audio.close();
  } catch {
    // Sound not allowed before a gesture, or no audio: the timer's own text says the rest is over.
  }
}

export function startRest(seconds: number, after: string, now = Date.now()) {
  set(seconds > 0 ? { endsAt: now + seconds * 1000, after } : null);
}

/** +15 s or -15 s; a rest taken below zero is over. */
export function adjustRest(seconds: number, now = Date.now()) {
  if (!current) return;
  const endsAt = current.endsAt + seconds * 1000;
  set(endsAt > now ? { ...current, endsAt } : null);
}

export const skipRest = () => set(null);

export const currentRest = () => current;

export function useRest(): Rest | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
