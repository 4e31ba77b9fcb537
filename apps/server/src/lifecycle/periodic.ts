/**
 * Runs `task` now (after `first`, when given) and every `everyMs`, one run at a time, never keeping the
 * process alive. A failed run goes to `onError` and the next one still comes. Answers the stop: no run
 * after it, and the one under way awaited (callers stop before the database closes).
 */
export function runNowAndEvery(
  task: () => Promise<unknown>,
  everyMs: number,
  onError: (error: unknown) => void,
  first: Promise<unknown> = Promise.resolve(),
): () => Promise<void> {
  let running = first;
  const run = () => {
    running = running.then(task).catch(onError);
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
