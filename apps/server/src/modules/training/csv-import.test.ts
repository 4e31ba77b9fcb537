import { describe, expect, it } from 'vitest';
import { readWorkoutsCsv } from './csv-import';

const header =
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE';

describe('readWorkoutsCsv (issue 45, finding 3)', () => {
  it('gives the rest of the server turns while it reads a large file', async () => {
    const rows = Array.from(
      { length: 5_000 },
      (_, i) =>
        `2026-01-${String(1 + (i % 28)).padStart(2, '0')} 07:30:00,"Push",45m,"Bench Press (Barbell)",1,80,5,0,0,"","",`,
    );
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const read = await readWorkoutsCsv([header, ...rows].join('\n'), { timeZone: 'UTC', units: 'kg' });
    counting = false;
    const turnsWhileReading = turns;
    expect(read.workouts).toHaveLength(28);
    expect(read.workouts.flatMap((w) => w.exercises.flatMap((e) => e.sets))).toHaveLength(5_000);
    // Each of the turns ran while the file was being read: a reading that held the event loop had none.
    expect(turnsWhileReading).toBeGreaterThanOrEqual(5);
  });

  it('reads a file that arrives in pieces, a character split between two of them', async () => {
    const text = `${header}\n2026-01-05 07:30:00,"Pöush",45m,"Bench Press (Barbell)",1,80,5,0,0,"","",\n`;
    const bytes = Buffer.from(text);
    const split = bytes.indexOf(Buffer.from('ö')) + 1;
    async function* pieces() {
      yield bytes.subarray(0, 10);
      yield bytes.subarray(10, split);
      yield bytes.subarray(split);
    }
    const read = await readWorkoutsCsv(pieces(), { timeZone: 'UTC', units: 'kg' });
    expect(read.workouts.map((w) => w.title)).toEqual(['Pöush']);
  });
});
