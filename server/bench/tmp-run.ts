import { formatProductionBench, runProductionBench } from './production-bench';
console.log(formatProductionBench(await runProductionBench()));
