/**
 * A JSON document written in pieces (the account data export): its lists can be
 * read from the database a page at a time while the answer streams, so neither the rows nor the text
 * of a large document are ever held whole. The text is exactly JSON.stringify(document, null, 2).
 */

/** A list read lazily, page by page (each page a short synchronous query). */
export class LazyList {
  constructor(readonly pages: () => Iterable<readonly unknown[]>) {}
}

const pad = (depth: number) => '  '.repeat(depth);
const indented = (value: unknown, depth: number) => JSON.stringify(value, null, 2).replace(/\n/g, `\n${pad(depth)}`);

function* listChunks(list: LazyList, depth: number): Generator<string> {
  let first = true;
  for (const page of list.pages()) {
    for (const item of page) {
      yield `${first ? '[' : ','}\n${pad(depth + 1)}${indented(item, depth + 1)}`;
      first = false;
    }
  }
  yield first ? '[]' : `\n${pad(depth)}]`;
}

/** The document's text in pieces: one per top-level value, one per item of a lazy list. */
export function* jsonChunks(document: Record<string, unknown>): Generator<string> {
  const entries = Object.entries(document).filter(([, value]) => value !== undefined);
  if (entries.length === 0) {
    yield '{}';
    return;
  }
  let first = true;
  for (const [key, value] of entries) {
    yield `${first ? '{' : ','}\n${pad(1)}${JSON.stringify(key)}: `;
    first = false;
    if (value instanceof LazyList) yield* listChunks(value, 1);
    else yield indented(value, 1);
  }
  yield '\n}';
}

/** Pieces joined up to about `size` characters: fewer, fuller writes to the socket. */
export function* batched(chunks: Iterable<string>, size = 64 * 1024): Generator<string> {
  let buffer = '';
  for (const chunk of chunks) {
    buffer += chunk;
    if (buffer.length >= size) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer) yield buffer;
}
