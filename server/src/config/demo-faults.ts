/**
 * The faults demo mode can inject into a demo shop (DEMO_FAULTS, and the demo shops that act them out):
 * slow: 3x latency · timeout: holds the request until the client gives up · 5xx: 503 page ·
 * 403: Cloudflare challenge page · 429: Too Many Requests with Retry-After · garbage: 200 with HTML of
 * another shape.
 */
export const DEMO_FAULT_KINDS = ['slow', '5xx', '403', 'garbage', 'timeout', '429'] as const;
export type DemoFault = (typeof DEMO_FAULT_KINDS)[number];
