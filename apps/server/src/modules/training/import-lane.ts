import { trainingErrors } from '@spotter/contract';
import type { WorkLaneConfig } from '../../config';
import { createWorkLane, type WorkLane } from '../../http/work-lane';

/**
 * The import lane (issue 45, finding 3): CSV imports run one at a time per server, the others wait
 * their turn in a short queue; beyond it, or after waiting too long, an import is refused with 503
 * and `Retry-After` before its file is read. Three 10 MB imports at once from one account held a
 * login for 25 s and raised the server's memory by 290 MB; one at a time, each reading its file as
 * it arrives and writing in batches that give way, they hold nothing else up (docs/decisions/066).
 */
export type ImportLane = WorkLane;

export function createImportLane(config: WorkLaneConfig): ImportLane {
  return createWorkLane(config, trainingErrors.importBusy);
}
