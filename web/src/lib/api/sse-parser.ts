/** One dispatched Server-Sent Event (WHATWG HTML §9.2 "event stream interpretation"). */
export interface SseMessage {
  event: string;
  data: string;
  id: string;
}

/**
 * Incremental SSE parser. Lines may end in CRLF, LF or CR, and a chunk boundary may fall anywhere
 * (even between the CR and LF of one line ending), so text is buffered until a line is complete.
 */
export class SseParser {
  private buffer = '';
  private pendingCr = false;
  private started = false;
  private eventType = '';
  private dataLines: string[] = [];
  private lastId = '';

  /** Feeds decoded text; returns the events completed by it. */
  push(text: string): SseMessage[] {
    let chunk = text;
    if (!this.started && chunk.length > 0) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    const out: SseMessage[] = [];
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk[i]!;
      if (this.pendingCr) {
        this.pendingCr = false;
        if (ch === '\n') continue;
      }
      if (ch === '\r' || ch === '\n') {
        if (ch === '\r') this.pendingCr = true;
        const message = this.line(this.buffer);
        this.buffer = '';
        if (message) out.push(message);
      } else {
        this.buffer += ch;
      }
    }
    return out;
  }

  private line(line: string): SseMessage | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventType = value;
    else if (field === 'data') this.dataLines.push(value);
    else if (field === 'id' && !value.includes('\0')) this.lastId = value;
    return null;
  }

  private dispatch(): SseMessage | null {
    const type = this.eventType || 'message';
    const lines = this.dataLines;
    this.eventType = '';
    this.dataLines = [];
    if (lines.length === 0) return null;
    return { event: type, data: lines.join('\n'), id: this.lastId };
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
