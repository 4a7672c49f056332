// Types of boot-stages.mjs for vite.config.ts (the script itself is plain JS, run right after the build).
export declare const BOOT_SOURCE: string;
export declare const BOOT_STAGE_SOURCES: string[];
export declare const APP_STAGE_SOURCE: string;
