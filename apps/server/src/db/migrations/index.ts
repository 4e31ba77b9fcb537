import type { Migration } from 'kysely';
import type { DialectKind } from '../database';
import { initial } from './001-initial';
import { countersAndSearch } from './003-counters-and-search';
import { scaleIndexes } from './005-scale-indexes';

/** Listed by hand, in order: a migration's name never changes once it has shipped. */
export function migrationsFor(kind: DialectKind): Record<string, Migration> {
  return {
    '001-initial': initial(kind),
    // 002 is the media table (media uploads).
    '003-counters-and-search': countersAndSearch(kind),
    '005-scale-indexes': scaleIndexes(),
  };
}
