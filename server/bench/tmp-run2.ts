import { runSearchBench } from './search-bench';
const r = await runSearchBench();
const e = r.rows.find((x) => x.key === 'e')!;
console.log(JSON.stringify({ e, ours: r.ours.requestsPerSecond, bare: r.bare.requestsPerSecond }));
