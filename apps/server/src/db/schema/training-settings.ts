import type { WeightUnit } from '@spotter/contract';
import type { Key } from './keys';

/** One row per person who changed a training setting; the others have the defaults of the contract. */
export interface TrainingSettingsTable {
  user_id: Key;
  units: WeightUnit;
  time_zone: string;
  /** 1 or 0 (a boolean both databases store alike). */
  show_records: number;
}
