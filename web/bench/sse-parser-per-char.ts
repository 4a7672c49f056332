// The app's former hand-written SSE parser (per character, string concatenation), kept only as the
// benchmark's baseline for ADR 137. The app parses with `src/lib/api/sse-parser.ts`.
import type { SseMessage } from '../src/lib/api/sse-parser';

export class PerCharSseParser {
  private buffer = '';
  private pendingCr = false;
  private eventType = '';
  private dataLines: string[] = [];
  private lastId = '';

  push(chunk: string): SseMessage[] {
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
