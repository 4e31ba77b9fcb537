import type { ImportPreview, ImportResult } from '@spotter/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { isAbort } from '../../../lib/api-client';
import { formatDay } from '../../../lib/dates';
import { errorText } from '../../../lib/error-text';
import { countOf } from '../../../lib/plural';
import { trainingKeys } from '../../../lib/query-keys';
import { importWorkoutsFile, previewWorkoutsFile } from '../api/import-workouts';
import './import-workouts.css';

type Step =
  | { name: 'pick' }
  | { name: 'reading'; file: File; progress: number }
  | { name: 'preview'; file: File; preview: ImportPreview }
  | { name: 'importing'; file: File; preview: ImportPreview; progress: number }
  | { name: 'done'; result: ImportResult }
  | { name: 'failed'; message: string };

const title = 'Import from Strong or Hevy';

/**
 * "Import from Strong or Hevy" (issue 46): a button opening a dialog where the person picks the CSV
 * their app exported, sees what it holds (workouts, sets, dates, each exercise matched or new), then
 * imports it with its progress and sees the result. Shown on one's Workouts tab and in Settings.
 */
export function ImportWorkoutsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {title}
      </Button>
      {open && <ImportWorkoutsDialog onClose={() => setOpen(false)} />}
    </>
  );
}

export function ImportWorkoutsDialog({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'pick' });
  const client = useQueryClient();
  const ids = { file: useId(), progress: useId(), hint: useId() };
  const abortRef = useRef<AbortController | null>(null);
  // Closing the dialog stops a file on its way (an import already read by the server goes on there).
  useEffect(() => () => abortRef.current?.abort(), []);

  function failed(error: unknown) {
    if (!isAbort(error)) setStep({ name: 'failed', message: errorText(error) });
  }

  function read(file: File | undefined) {
    if (!file) return;
    const control = new AbortController();
    abortRef.current = control;
    setStep({ name: 'reading', file, progress: 0 });
    previewWorkoutsFile(
      file,
      (progress) => setStep((s) => (s.name === 'reading' && s.file === file ? { ...s, progress } : s)),
      control.signal,
    ).then((preview) => setStep({ name: 'preview', file, preview }), failed);
  }

  function importFile(file: File, preview: ImportPreview) {
    const control = new AbortController();
    abortRef.current = control;
    setStep({ name: 'importing', file, preview, progress: 0 });
    importWorkoutsFile(
      file,
      (progress) => setStep((s) => (s.name === 'importing' && s.file === file ? { ...s, progress } : s)),
      control.signal,
    ).then((result) => {
      setStep({ name: 'done', result });
      void client.invalidateQueries({ queryKey: trainingKeys.all });
    }, failed);
  }

  return (
    <Modal open onClose={onClose} title={title}>
      <div className="import-workouts">
        {step.name === 'pick' && (
          <>
            <p id={ids.hint}>
              In Strong: Settings, Export data. In Hevy: Settings, Export &amp; import data, Export workouts. Workouts
              already in your log are left out, and nothing is posted.
            </p>
            <label className="import-workouts__field" htmlFor={ids.file}>
              CSV file from Strong or Hevy
              <input
                id={ids.file}
                type="file"
                accept=".csv,text/csv"
                aria-describedby={ids.hint}
                onChange={(event) => read(event.target.files?.[0])}
              />
            </label>
          </>
        )}

        {step.name === 'reading' && <Progress id={ids.progress} label="Reading the file" fraction={step.progress} />}

        {(step.name === 'preview' || step.name === 'importing') && <PreviewView preview={step.preview} />}

        {step.name === 'preview' && (
          <div className="import-workouts__actions">
            <Button variant="secondary" onClick={() => setStep({ name: 'pick' })}>
              Choose another file
            </Button>
            {step.preview.workouts > 0 && (
              // The picked file's box is gone: the next step takes the focus.
              <Button onClick={() => importFile(step.file, step.preview)} autoFocus>
                Import {countOf(step.preview.workouts, 'workout')}
              </Button>
            )}
          </div>
        )}

        {step.name === 'importing' && (
          <Progress
            id={ids.progress}
            // Once the file is sent the server stores it: no figure to show, the bar waits.
            label={step.progress < 1 ? 'Importing' : 'Saving the workouts'}
            fraction={step.progress < 1 ? step.progress : null}
          />
        )}

        {step.name === 'done' && (
          <>
            <p role="status" className="import-workouts__result">
              {resultText(step.result)}
            </p>
            <div className="import-workouts__actions">
              <Button onClick={onClose} data-autofocus>
                Done
              </Button>
            </div>
          </>
        )}

        {step.name === 'failed' && (
          <>
            <p role="alert" className="import-workouts__error">
              {step.message}
            </p>
            <div className="import-workouts__actions">
              <Button variant="secondary" onClick={() => setStep({ name: 'pick' })} data-autofocus>
                Choose another file
              </Button>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}

/** A labelled progress bar; without a fraction it says it is busy, with no figure. */
function Progress({ id, label, fraction }: { id: string; label: string; fraction: number | null }) {
  return (
    <p className="import-workouts__progress" role="status">
      <label htmlFor={id}>{fraction === null ? `${label}…` : `${label} ${Math.round(fraction * 100)}%`}</label>{' '}
      <progress id={id} max={1} value={fraction ?? undefined} />
    </p>
  );
}

/** What the file would add: counts and dates, then each exercise name and what it lands on. */
function PreviewView({ preview }: { preview: ImportPreview }) {
  const matched = preview.exercises.filter((e) => e.matched !== null);
  const fresh = preview.exercises.filter((e) => e.matched === null);
  const { firstStartedAt: first, lastStartedAt: last } = preview;
  const span =
    first && last
      ? formatDay(first) === formatDay(last)
        ? formatDay(first)
        : `${formatDay(first)} to ${formatDay(last)}`
      : null;
  return (
    <section className="import-workouts__preview" aria-label="What the file holds">
      {preview.workouts > 0 ? (
        <p>
          {countOf(preview.workouts, 'workout')} with {countOf(preview.sets, 'set')}
          {span ? `, ${span}` : ''}.
        </p>
      ) : (
        <p>Nothing new to import: the workouts of this file are already in your log.</p>
      )}
      {preview.skipped > 0 && (
        <p>{countOf(preview.skipped, 'workout')} already in your log (or without a set) will be left out.</p>
      )}
      {matched.length > 0 && (
        <>
          <h3>Exercises matched ({matched.length})</h3>
          <ul className="import-workouts__exercises" aria-label="Exercises matched">
            {matched.map((e) => (
              <li key={e.name}>
                {e.name} → {e.matched?.name}
              </li>
            ))}
          </ul>
        </>
      )}
      {fresh.length > 0 && (
        <>
          <h3>New exercises ({fresh.length})</h3>
          <ul className="import-workouts__exercises" aria-label="New exercises">
            {fresh.map((e) => (
              <li key={e.name}>{e.name}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function resultText(result: ImportResult): string {
  const parts = [`Imported ${countOf(result.imported, 'workout')}.`];
  if (result.exercisesCreated > 0) parts.push(`${countOf(result.exercisesCreated, 'new exercise')} made.`);
  if (result.skipped > 0) parts.push(`${countOf(result.skipped, 'workout')} left out.`);
  return parts.join(' ');
}
