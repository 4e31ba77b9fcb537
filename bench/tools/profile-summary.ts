import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * A `--cpu-prof` file's main-thread samples summed by function (self and inclusive) and by package,
 * printed as shares of the whole (bench/tools/profile.ts, figures/inbox-load.ts's `--profile`).
 */
export function printProfileSummary(file: string, top: number, log: (line: string) => void = console.log) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });

  const where = (url: string) => {
    const modules = url.lastIndexOf('node_modules/');
    if (modules >= 0) {
      const rest = url.slice(modules + 'node_modules/'.length).split('/');
      return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
    }
    if (url.includes('/apps/server/')) return `server:${url.slice(url.indexOf('/apps/server/') + 13)}`;
    if (url.startsWith('node:')) return 'node';
    return url === '' ? '(native)' : url;
  };
  const functions = new Map<string, number>();
  const packages = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${where(url)}${url ? `:${lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
    const pkg = url ? where(url).replace(/:.*$/, '') : functionName;
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
    total += us;
  }
  const print = (title: string, entries: Map<string, number>) => {
    log(`\n${title}`);
    for (const [name, us] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      log(`${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`);
    }
  };
  // Inclusive: the samples with the function anywhere on their stack (counted once per sample).
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame?.url) continue;
      const name = `${frame.functionName || '(anonymous)'} ${where(frame.url)}:${frame.lineNumber + 1}`;
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + us);
    }
  }
  print('Self time by function (whole run, warm-up included):', functions);
  print('Total time by function (itself and what it calls):', inclusive);
  print('Self time by package or native frame:', packages);
}
