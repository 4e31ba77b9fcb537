import type { Migration } from 'kysely';
import type { DialectKind } from '../database';
import { initial } from './001-initial';
import { media } from './002-media';
import { countersAndSearch } from './003-counters-and-search';
import { scaleIndexes } from './005-scale-indexes';
import { integerKeys } from './006-integer-keys';
import { todoOwners } from './010-todo-owners';
import { training } from './030-training';
import { trainingSettings } from './031-training-settings';
import { postWorkouts } from './032-post-workouts';

/** Listed by hand, in order: a migration's name never changes once it has shipped. */
export function migrationsFor(kind: DialectKind): Record<string, Migration> {
  return {
    '001-initial': initial(kind),
    '002-media': media(kind),
    '003-counters-and-search': countersAndSearch(kind),
    '005-scale-indexes': scaleIndexes(),
    '006-integer-keys': integerKeys(kind),
    '010-todo-owners': todoOwners(kind),
    '030-training': training(kind),
    '031-training-settings': trainingSettings(kind),
    '032-post-workouts': postWorkouts(),
  };
}
