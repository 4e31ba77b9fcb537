import { trainingLimits } from '@spotter/contract';

/**
 * A time as a person types it between two sets: `mm:ss` ("27:30"), `h:mm:ss` ("1:02:03") or plain
 * minutes ("90", "1.5"). The answer is whole seconds; `null` for an empty box; `'invalid'` for
 * anything else (letters, "1:75", a negative, more than a day), so the form can say how to type it.
 */
export function parseTime(text: string): number | null | 'invalid' {
  const typed = text.trim();
  if (typed === '') return null;
  let seconds: number;
  if (typed.includes(':')) {
    // The first part takes any number of digits ("90:00" is ninety minutes); the others two, under 60.
    const match = /^(\d+)(?::([0-5]\d))?:([0-5]\d)$/.exec(typed);
    if (!match) return 'invalid';
    const [, first = '0', middle, last = '0'] = match;
    seconds =
      middle === undefined
        ? Number(first) * 60 + Number(last)
        : Number(first) * 3600 + Number(middle) * 60 + Number(last);
  } else {
    // Minutes, with a decimal point or comma: "27.5" is 27:30.
    if (!/^\d+(?:[.,]\d+)?$/.test(typed)) return 'invalid';
    seconds = Math.round(Number(typed.replace(',', '.')) * 60);
  }
  return seconds <= trainingLimits.maxDurationSec ? seconds : 'invalid';
}

/** Seconds as the time box shows them back: "27:30", "1:02:03", "0:45". */
export function clockText(totalSeconds: number): string {
  const whole = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
