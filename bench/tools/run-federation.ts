import { federationLines, federationTargets, runFederationFigures } from '../figures/federation';
import { sizes } from '../generate/network';
import { ensureSqliteNetwork } from '../generate/sqlite';

/**
 * `npx tsx bench/tools/run-federation.ts [--quick]`: issue 49's two federation figures
 * (figures/federation.ts) with `npm run bench`'s settings and targets, without the rest of the run.
 * Each figure also runs alone: `bench/figures/federation-fan-out.ts [--db postgres]`,
 * `bench/figures/inbox-load.ts`.
 */
const quick = process.argv.includes('--quick');
const settings = quick
  ? { connections: 50, seconds: 3, warmupSeconds: 1 }
  : { connections: 50, seconds: 10, warmupSeconds: 3 };
const notes: string[] = [];
const results = await runFederationFigures({
  quick,
  port: Number(process.env.BENCH_PORT ?? 3400),
  settings,
  smallNetwork: await ensureSqliteNetwork(sizes.small),
  notes,
});
console.log(federationLines(results).join('\n'));
console.log('\n| figure | target | measured | result |\n|---|---|---|---|');
for (const t of federationTargets(results, notes)) {
  const verdict = t.pass === null ? 'not measured' : t.pass ? 'pass' : 'MISS';
  console.log(`| ${t.figure} | ${t.target} | ${t.measured} | ${verdict}${t.margin ? ` (${t.margin})` : ''} |`);
}
for (const note of notes) console.log(`- ${note}`);
