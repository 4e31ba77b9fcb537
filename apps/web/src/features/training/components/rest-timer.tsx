import { useEffect, useState } from 'react';
import { adjustRest, skipRest, useRest } from '../lib/rest-timer';
import { clockText } from '../lib/time-input';
import './rest-timer.css';

/** The rest counting down after a set ticked done: +15 s, -15 s and Skip; gone when the rest is over. */
export function RestTimer() {
  const rest = useRest();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!rest) return;
    setNow(Date.now());
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, [rest]);
  if (!rest) return null;
  const left = Math.max(0, Math.ceil((rest.endsAt - now) / 1000));
  return (
    <section className="rest-timer" role="timer" aria-label={`Rest after ${rest.after}`}>
      <span className="rest-timer__label" aria-hidden="true">
        Rest
      </span>
      <span className="rest-timer__clock">{clockText(left)}</span>
      <button type="button" className="rest-timer__button" onClick={() => adjustRest(-15)}>
        −15 s
      </button>
      <button type="button" className="rest-timer__button" onClick={() => adjustRest(15)}>
        +15 s
      </button>
      <button type="button" className="rest-timer__button" onClick={skipRest}>
        Skip rest
      </button>
    </section>
  );
}
