/** This build's version (the root package.json's, stamped in by vite.config.ts; absent in `vite` dev tools). */
export const APP_VERSION: string = (import.meta.env.VITE_APP_VERSION as string | undefined) ?? '0.0.0';
