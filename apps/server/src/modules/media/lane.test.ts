import { apiErrors } from '@spotter/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../errors';
import { createMediaLane } from './lane';

/** A job that runs until the test lets it end. */
function heldJob() {
  let release: () => void = () => undefined;
  let started = false;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    job: async () => {
      started = true;
      await done;
      return 'done';
    },
    release: () => release(),
    get started() {
      return started;
    },
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('the media lane (issue 17, finding 2)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at most `concurrency` jobs at once; the others wait and start in order as turns free up', async () => {
    const lane = createMediaLane({ concurrency: 2, queueMax: 10, waitSeconds: 60 });
    const jobs = [heldJob(), heldJob(), heldJob(), heldJob()];
    const results = jobs.map((held) => lane.run(held.job));
    await flush();
    expect(jobs.map((j) => j.started)).toEqual([true, true, false, false]);
    expect([lane.running, lane.waiting]).toEqual([2, 2]);
    jobs[1]?.release();
    await flush();
    expect(jobs.map((j) => j.started)).toEqual([true, true, true, false]);
    for (const held of jobs) held.release();
    expect(await Promise.all(results)).toEqual(['done', 'done', 'done', 'done']);
    expect([lane.running, lane.waiting]).toEqual([0, 0]);
  });

  it('a full queue refuses at once with 503, a clear message and Retry-After; admit() says so before any work', async () => {
    const lane = createMediaLane({ concurrency: 1, queueMax: 1, waitSeconds: 60 });
    const first = heldJob();
    const second = heldJob();
    const running = lane.run(first.job);
    const waiting = lane.run(second.job);
    const refused = await lane.run(heldJob().job).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({
      statusCode: 503,
      messages: [apiErrors.mediaBusy],
      headers: { 'retry-after': '15' },
    });
    expect(() => lane.admit()).toThrow(HttpError);
    first.release();
    second.release();
    await Promise.all([running, waiting]);
    expect(() => lane.admit()).not.toThrow();
  });

  it('a job that waits longer than `waitSeconds` for its turn is refused with 503 and never runs', async () => {
    vi.useFakeTimers();
    const lane = createMediaLane({ concurrency: 1, queueMax: 5, waitSeconds: 30 });
    const first = heldJob();
    const late = heldJob();
    const running = lane.run(first.job);
    const waiting = lane.run(late.job).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await waiting).toMatchObject({ statusCode: 503 });
    expect(lane.waiting).toBe(0);
    first.release();
    await running;
    expect(late.started).toBe(false);
  });

  it('a job that fails frees its turn for the next', async () => {
    const lane = createMediaLane({ concurrency: 1, queueMax: 5, waitSeconds: 60 });
    const failing = lane.run(async () => {
      throw new Error('bad file');
    });
    const next = lane.run(async () => 'next');
    await expect(failing).rejects.toThrow('bad file');
    expect(await next).toBe('next');
  });
});
