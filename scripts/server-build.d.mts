// Types of server-build.mjs for the TypeScript that imports it (tests, bench, e2e harness).
export const ROOT: string;
export const SERVER_DIST: string;
export const STAMP: string;
export const SERVER_SOURCES: string[];
export function newestMtime(target: string): number;
export function builtAt(distDir?: string): number;
export function serverBuildIsStale(options?: { root?: string; distDir?: string }): boolean;
export function serverEntries(root?: string): string[];
export function buildServer(options?: { root?: string; outdir?: string }): Promise<number>;
export function ensureServerBuild(options?: { log?: (line: string) => void }): Promise<boolean>;
