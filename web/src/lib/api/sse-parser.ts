import { createParser, type EventSourceParser } from 'eventsource-parser';

/** One dispatched Server-Sent Event (WHATWG HTML §9.2 "event stream interpretation"). */
export interface SseMessage {
  event: string;
  data: string;
  id: string;
}

/**
 * Incremental SSE parser over `eventsource-parser` (ADR 137), which finds line ends with indexOf
 * instead of walking every character. This wrapper keeps the app's pull-style API: `push` returns
 * the events a chunk completed, with the default type 'message' and the last event ID carried over
 * from earlier events, as the spec's "last event ID buffer" is.
 */
export class SseParser {
  private readonly parser: EventSourceParser;
  private completed: SseMessage[] = [];
  private started = false;
  private lastId = '';

  constructor() {
    this.parser = createParser({
      onEvent: (message) => {
        if (message.id !== undefined) this.lastId = message.id;
        this.completed.push({ event: message.event ?? 'message', data: message.data, id: this.lastId });
      },
    });
  }

  /** Feeds decoded text; returns the events completed by it. */
  push(text: string): SseMessage[] {
    let chunk = text;
    if (!this.started && chunk.length > 0) {
      this.started = true;
      // Text already decoded: the library only strips a BOM still in UTF-8 bytes form.
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    this.parser.feed(chunk);
    const out = this.completed;
    this.completed = [];
    return out;
  }
}

/** Reads a fetch body as an event stream; an unterminated last event is dropped, as the spec says. */
export async function* readSseStream(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8');
  const parser = new SseParser();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
    finished = true;
    yield* parser.push(decoder.decode());
  } finally {
    // A consumer that stops early (abort, unmount) must close the connection, not just let go of it.
    if (finished) reader.releaseLock();
    else void reader.cancel().catch(() => undefined);
  }
}
