// Web-side benchmarks (npm run bench, after the server's): the Pro import parse budgets and the SSE
// parser of every search and Pro batch.
import { formatImportBench, runImportBench } from './import-bench';
import { formatSseBench, runSseBench } from './sse-bench';

console.log(formatImportBench(runImportBench()));
console.log(formatSseBench(runSseBench()));
