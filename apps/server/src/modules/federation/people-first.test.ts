import { InProcessMessageQueue, type MessageQueue } from '@fedify/fedify';
import { afterEach, describe, expect, it } from 'vitest';
import { PeopleInFlight } from '../../http/people-in-flight';
import { givingWayQueue } from './people-first';

/** The inbox queue's listener behind `people` (decision 107), noting each message it handles. */
function listening(people: PeopleInFlight, now?: () => number) {
  const queue = givingWayQueue(new InProcessMessageQueue({ pollInterval: { milliseconds: 10 } }), people, { now });
  const events: string[] = [];
  const stop = new AbortController();
  const waiters: (() => void)[] = [];
  void queue.listen(
    (message) => {
      events.push(`handled ${String(message)}`);
      for (const wake of waiters.splice(0)) wake();
    },
    { signal: stop.signal },
  );
  /** Resolves once `count` messages have been handled. */
  const handled = async (count: number) => {
    while (events.filter((e) => e.startsWith('handled')).length < count) {
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { queue, events, handled, stop: () => stop.abort() };
}

let stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

describe('received activities give way to people (decision 107)', () => {
  it('handles a received activity at once when no person is waiting', async () => {
    const people = new PeopleInFlight();
    const inbox = listening(people);
    stops.push(inbox.stop);
    await inbox.queue.enqueue('create 1');
    await inbox.handled(1);
    expect(inbox.events).toEqual(['handled create 1']);
    expect(people.gaveWay).toBe(0);
  });

  it('lets the server read new requests between two messages, even when a message never waits on anything', async () => {
    // A queue that hands over its messages one after another as settled promises, as the database's
    // does on SQLite: without a turn of the event loop between them, no request could even arrive.
    const messages = ['create 1', 'create 2', 'create 3'];
    const backToBack: MessageQueue = {
      enqueue: async () => {},
      listen: async (handler) => {
        for (const message of messages) await handler(message);
      },
    };
    const events: string[] = [];
    await givingWayQueue(backToBack, new PeopleInFlight()).listen((message) => {
      events.push(`handled ${String(message)}`);
      // A request arriving while the first message is handled.
      if (message === 'create 1') setImmediate(() => events.push('a request read'));
    });
    expect(events).toEqual(['handled create 1', 'a request read', 'handled create 2', 'handled create 3']);
  });

  it('waits while a person’s request is in flight and goes on when it has been answered', async () => {
    // Each message seems to take a second (a clock that moves a second a reading), so the next one's
    // turn, and the bounded wait, are far longer than the test: only the request's end lets it through.
    let clock = 0;
    const people = new PeopleInFlight({ maxWaitMs: 60_000 });
    const inbox = listening(people, () => (clock += 1_000));
    stops.push(inbox.stop);
    await inbox.queue.enqueue('create 1');
    await inbox.handled(1);
    // The first message took some time: the next waits its turn while a person's request runs.
    people.begin();
    await inbox.queue.enqueue('create 2');
    while (people.gaveWay === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    inbox.events.push('request answered');
    people.end();
    await inbox.handled(2);
    expect(inbox.events).toEqual(['handled create 1', 'request answered', 'handled create 2']);
    expect(people.inFlight).toBe(0);
  });

  it('counts a request answered a moment ago as people still there: the next may already wait unread in its socket', async () => {
    // On SQLite a steady stream of requests is read, answered and closed within turns of the event
    // loop, so none is ever in flight when the queue looks; people are quiet only once none has come
    // or gone for `quietForMs`. The clock stands still but where the test moves it; each message
    // takes a second by it, so the next one's turn is longer than the test.
    let clock = 0;
    const people = new PeopleInFlight({ maxWaitMs: 60_000, now: () => clock });
    const queue = givingWayQueue(new InProcessMessageQueue({ pollInterval: { milliseconds: 10 } }), people, {
      quietForMs: 10,
      now: () => clock,
    });
    const events: string[] = [];
    const stop = new AbortController();
    stops.push(() => stop.abort());
    const waiters: (() => void)[] = [];
    const handled = async (count: number) => {
      while (events.filter((e) => e.startsWith('handled')).length < count) {
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    };
    void queue.listen(
      (message) => {
        events.push(`handled ${String(message)}`);
        clock += 1_000;
        for (const wake of waiters.splice(0)) wake();
      },
      { signal: stop.signal },
    );
    await queue.enqueue('create 1');
    await handled(1);
    // A request read, answered and closed: none in flight, but one ended just now.
    people.begin();
    people.end();
    await queue.enqueue('create 2');
    while (people.gaveWay === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    // It waits, looking again on a real timer, while the clock says the request ended just now.
    await new Promise((resolve) => setTimeout(resolve, 50));
    events.push('quiet for 10 ms');
    clock += 10;
    await handled(2);
    expect(events).toEqual(['handled create 1', 'quiet for 10 ms', 'handled create 2']);
  });

  it('never stops altogether: while people keep the server busy, received activities still get their share', async () => {
    const people = new PeopleInFlight({ maxWaitMs: 20 });
    const inbox = listening(people);
    stops.push(inbox.stop);
    people.begin();
    for (const n of [1, 2, 3]) await inbox.queue.enqueue(`create ${n}`);
    await inbox.handled(3);
    expect(inbox.events).toEqual(['handled create 1', 'handled create 2', 'handled create 3']);
    // Still in flight all along: each message after the first waited its turn, then went.
    expect(people.inFlight).toBe(1);
    expect(people.gaveWay).toBeGreaterThanOrEqual(1);
    people.end();
  });
});
