// Minimal typings for the parts of autocannon 9 the benchmark and the load test use (the package ships none).
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    workers?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Fixed offered rate: requests per second over all connections. */
    overallRate?: number;
    timeout?: number;
  }
  export interface Histogram {
    average: number;
    mean: number;
    p2_5: number;
    p50: number;
    p97_5: number;
    p99: number;
    max: number;
  }
  export interface Result {
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Answers per HTTP status code. */
    statusCodeStats?: Record<string, { count: number }>;
    /** Measured run time in seconds. */
    duration: number;
  }
  export interface Instance {
    stop(): void;
  }
  function autocannon(options: Options): Promise<Result>;
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
