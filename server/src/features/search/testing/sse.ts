import { parseSearchEvent, type SearchEvent } from '@pharmaradar/shared/search.schema';

export function searchUrl(base: string, q: string, extra = ''): string {
  return `${base}/api/search?q=${encodeURIComponent(q)}${extra}`;
}

function parseBlock(block: string): SearchEvent {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  const parsed = parseSearchEvent(event, data.join('\n'));
  if (!parsed) throw new Error(`SSE event does not match the contract: ${block}`);
  return parsed;
}

/** Splits an SSE body into events and validates each one with the shared schemas. */
export function parseEventStream(text: string): SearchEvent[] {
  return text
    .split(/\r?\n\r?\n/)
    .filter((block) => block.trim())
    .map(parseBlock);
}

/** Reads an SSE response as it arrives, calling `onEvent` for each complete event. */
export async function readEventStream(response: Response, onEvent: (event: SearchEvent) => void): Promise<void> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.trim()) onEvent(parseBlock(block));
    }
  }
}

/** Runs a search as the browser does (Accept: text/event-stream) and returns every event in order. */
export async function searchEvents(
  base: string,
  q: string,
  init: RequestInit = {},
): Promise<{ response: Response; events: SearchEvent[] }> {
  const response = await fetch(searchUrl(base, q), {
    ...init,
    headers: { accept: 'text/event-stream', ...(init.headers ?? {}) },
  });
  return { response, events: parseEventStream(await response.text()) };
}
