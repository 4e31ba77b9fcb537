import { describe, expect, it } from 'vitest';
import { PeopleInFlight } from '../../http/people-in-flight';
import { pacer } from './give-way';

/** A clock that moves ten seconds a reading: each slice of the import seems long. */
function slowClock() {
  let clock = 0;
  return () => (clock += 10_000);
}

/** Resolves after `n` turns of the event loop (no timers). */
async function turns(n: number) {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe("an import's turns for the rest of the server (issue 45, finding 3)", () => {
  it('goes straight on when its own request is the only one in flight', async () => {
    const people = new PeopleInFlight({ maxWaitMs: 60_000 });
    people.begin(); // the import's own request
    const giveWay = pacer(people, { maxWaitMs: 60_000, now: slowClock() });
    // Ten seconds of import, yet it goes on within a few turns of the event loop.
    for (const _ of [1, 2]) {
      const first = await Promise.race([giveWay().then(() => 'went on'), turns(5).then(() => 'still waiting')]);
      expect(first).toBe('went on');
    }
    expect(people.gaveWay).toBe(0);
  });

  it("waits while another person's request is in flight, and goes on once it has been answered", async () => {
    const people = new PeopleInFlight({ maxWaitMs: 60_000 });
    people.begin(); // the import's own request
    people.begin(); // someone's login
    const giveWay = pacer(people, { maxWaitMs: 60_000, now: slowClock() });
    const events: string[] = [];
    const turn = giveWay().then(() => events.push('import goes on'));
    while (people.gaveWay === 0) await turns(1);
    // Ten seconds of import asked a wait of as long: only the login's end lets it through sooner.
    events.push('login answered');
    people.end();
    await turn;
    expect(events).toEqual(['login answered', 'import goes on']);
    expect(people.inFlight).toBe(1);
  });
});
