/**
 * Resolves in a later task, soon (a message, not a timer, which browsers may stretch): the browser
 * runs what waits (a paint, a tap) between two pieces of work that each cost a phone milliseconds.
 */
export const nextTask = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
