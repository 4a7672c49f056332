// React DOM alone, the first stage of the app's start (boot.tsx, ADR 184): evaluating it is the
// largest single piece of the app's code, so it runs in a task of its own, before the app's. Imported
// through this file rather than as `react-dom/client`: measured on the slow-phone bench, the bare
// import made this task 15–20 ms longer (cause not found; it also adds CommonJS interop to boot).
export { createRoot } from 'react-dom/client';
