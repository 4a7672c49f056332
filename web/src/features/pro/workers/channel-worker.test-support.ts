import { expose } from 'comlink';
import { importWorkerApi } from './import-worker.api';

/** The real import worker's API reached over a message channel, as `new Worker(...)` would reach it. */
export class ChannelWorker {
  private readonly channel = new MessageChannel();
  constructor() {
    expose(importWorkerApi, this.channel.port1 as unknown as Parameters<typeof expose>[1]);
  }
  postMessage(message: unknown, transfer?: Transferable[]) {
    this.channel.port2.postMessage(message, transfer ?? []);
  }
  addEventListener(type: string, listener: EventListener) {
    this.channel.port2.addEventListener(type, listener);
    this.channel.port2.start();
  }
  removeEventListener(type: string, listener: EventListener) {
    this.channel.port2.removeEventListener(type, listener);
  }
  terminate() {
    this.channel.port1.close();
    this.channel.port2.close();
  }
}
