// Web-side benchmarks (npm run bench, after the server's): the Pro import parse budgets.
import { formatImportBench, runImportBench } from './import-bench';

console.log(formatImportBench(runImportBench()));
