import type { Exercise } from '@spotter/contract';
import { type KeyboardEvent, useId, useState } from 'react';
import { useExerciseChoices } from '../api/training-queries';
import './exercise-combobox.css';

const categoryWords: Record<Exercise['category'], string> = {
  strength: 'Strength',
  cardio: 'Cardio',
  mobility: 'Mobility',
  bodyweight: 'Bodyweight',
};

/**
 * "Add exercise": the ARIA 1.2 combobox with a list that selects its first choice as you type.
 * Down and Up move through the choices (opening the list, with the most used when nothing is typed),
 * Enter adds the one shown active, Escape closes the list and then clears the box. The choices are
 * ranked on the device, so it works offline from the kept catalogue.
 */
export function ExerciseCombobox({
  username,
  onPick,
  inputId,
}: {
  username: string | undefined;
  onPick: (exercise: Exercise) => void;
  inputId?: string;
}) {
  const ids = useId();
  const boxId = inputId ?? `${ids}-box`;
  const listId = `${ids}-list`;
  const optionId = (i: number) => `${ids}-option-${i}`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const choices = useExerciseChoices(query.trim(), username);
  const shown = open && choices.length > 0;
  const activeIndex = Math.min(active, choices.length - 1);

  function pick(exercise: Exercise) {
    onPick(exercise);
    setQuery('');
    setOpen(false);
    setActive(0);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!shown) {
          setOpen(true);
          setActive(event.key === 'ArrowDown' ? 0 : Math.max(0, choices.length - 1));
          return;
        }
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + choices.length) % choices.length);
        return;
      }
      case 'Enter': {
        const choice = choices[activeIndex];
        if (!shown || !choice) return;
        event.preventDefault();
        pick(choice);
        return;
      }
      case 'Escape':
        if (shown) setOpen(false);
        else setQuery('');
        if (shown || query !== '') event.preventDefault();
        return;
      case 'Tab':
        setOpen(false);
        return;
    }
  }

  return (
    <div className="exercise-combobox">
      <label className="log-workout__field" htmlFor={boxId}>
        Add exercise
      </label>
      <input
        id={boxId}
        className="exercise-combobox__box"
        role="combobox"
        type="text"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        value={query}
        placeholder="Search exercises"
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(event.target.value.trim() !== '');
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      {/* The list stays in the page (empty and hidden when closed), so aria-controls always names it. */}
      <div id={listId} role="listbox" aria-label="Exercises found" className="exercise-combobox__list" hidden={!shown}>
        {shown &&
          choices.map((exercise, i) => (
            // biome-ignore lint/a11y/useFocusableInteractive: the focus stays in the box; aria-activedescendant points at the option
            // biome-ignore lint/a11y/useKeyWithClickEvents: the box's own keys (arrows, Enter) pick an option
            <div
              key={exercise._id}
              id={optionId(i)}
              role="option"
              aria-selected={i === activeIndex}
              className="exercise-combobox__option"
              // Picked before the box's blur closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(exercise)}
            >
              <span>{exercise.name}</span>
              <span className="exercise-combobox__category" aria-hidden="true">
                {categoryWords[exercise.category]}
              </span>
            </div>
          ))}
      </div>
      {open && query.trim() !== '' && choices.length === 0 && (
        <p className="exercise-combobox__none" role="status">
          No exercise matches “{query.trim()}”.
        </p>
      )}
    </div>
  );
}
