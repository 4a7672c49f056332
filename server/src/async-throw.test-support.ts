/**
 * Preloaded with `--import` by main.test.ts only (not a test file itself): on SIGUSR2, throws from a
 * timer and leaves a promise rejection unhandled, as a bug deep in a callback would. The signal lets the
 * test fire it once the server is listening.
 */
process.on('SIGUSR2', () => {
  setTimeout(() => {
    throw new Error('boom: uncaught test exception');
  });
  void Promise.reject(new Error('boom: unhandled test rejection'));
});
