import fs from 'node:fs';

/** Linux's clock tick, in ms: /proc counts CPU time in ticks of 1/100 s (USER_HZ). */
const tickMs = 10;

/**
 * The fields of /proc/<pid>/stat after the command's name (so that a name with spaces cannot shift
 * them): [11] and [12] are the process's user and system ticks, [13] and [14] its waited-for
 * children's. Undefined when the process is gone or this is not Linux.
 */
export function procStatFields(pid: number): string[] | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ');
  } catch {
    return undefined;
  }
}

/** CPU time in ms from `procStatFields`: the process's own, or that of the children it waited for. */
export const cpuMsOf = (fields: string[], whose: 'own' | 'children' = 'own'): number =>
  whose === 'own'
    ? (Number(fields[11]) + Number(fields[12])) * tickMs
    : (Number(fields[13]) + Number(fields[14])) * tickMs;
