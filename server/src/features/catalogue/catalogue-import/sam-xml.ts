import { SaxesParser, type SaxesTagNS } from 'saxes';

// Streaming reader of one SAM XML file: elements are matched by namespace URI + local name, never by
// prefix, since each file binds its own prefixes (docs/decisions/153). Only the root's direct children
// that the caller wants are kept, one at a time, as small trees; everything else streams past.

export const NS = {
  export: 'urn:be:fgov:ehealth:samws:v2:export',
  actual: 'urn:be:fgov:ehealth:samws:v2:actual:common',
  core: 'urn:be:fgov:ehealth:samws:v2:core',
  refdata: 'urn:be:fgov:ehealth:samws:v2:refdata',
  virtual: 'urn:be:fgov:ehealth:samws:v2:virtual:common',
  nonmedicinal: 'urn:be:fgov:ehealth:samws:v2:nonmedicinal:common',
} as const;

export interface XmlNode {
  ns: string;
  name: string;
  /** Unqualified attributes by name (SAM's attributes carry no namespace). */
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

/** A SAM file that cannot be read: the message names the file and the position. */
export class SamReadError extends Error {
  constructor(
    message: string,
    /** too_large: a text or an entity past its cap; invalid: anything else. */
    readonly refusal: 'invalid' | 'too_large' = 'invalid',
  ) {
    super(message);
    this.name = 'SamReadError';
  }
}

/**
 * The longest text (or any one token: a tag with its attributes, a comment) read before it is refused.
 * The parser holds a text whole until the next tag, so without this cap one text node of a zip bomb
 * fills the memory. The longest text seen in a real export is a 5,134-character note.
 */
export const MAX_TEXT_CHARS = 1_000_000;
/**
 * The most elements kept for one entity (an Amp with its packs and their slices). A guess: a real Amp
 * keeps a few hundred (large subtrees are skipped); 50,000 small nodes stay within a few MB.
 */
export const MAX_ENTITY_NODES = 50_000;
/** Chunks are handed to the parser in pieces this long, so the caps are checked between them. */
const PIECE_CHARS = 64 * 1024;

export interface SamFileHandler {
  /** The root element the file must have (export namespace). */
  root: string;
  /** Root children kept and handed to `entity`, as `${namespace} ${localName}`. */
  wanted: ReadonlySet<string>;
  /** Descendants never kept (their subtrees are large and unused), same keys. */
  skipped?: ReadonlySet<string>;
  entity(node: XmlNode): void;
}

export const key = (ns: string, name: string) => `${ns} ${name}`;

export interface SamFileReader {
  write(chunk: string): void;
  /** Ends the file: a truncated document throws here. Answers the root's attributes. */
  end(): Record<string, string>;
  /** Where the parser stands, for errors from outside it (a broken zip member). */
  position(): string;
}

/** A push reader of one file; `label` names it in every error ("sam.zip: AMP-1.xml"). */
export function samFileReader(label: string, handler: SamFileHandler): SamFileReader {
  const parser = new SaxesParser({ xmlns: true, position: true, fileName: label });
  let depth = 0;
  let rootAttrs: Record<string, string> | null = null;
  let stack: XmlNode[] = [];
  let skipDepth = 0;
  let kept = 0;
  // Characters handed to the parser since it last emitted something: what it is holding in one token.
  let held = 0;
  const fail = (message: string, refusal: 'invalid' | 'too_large' = 'invalid'): never => {
    throw new SamReadError(`${label}:${parser.line}:${parser.column}: ${message}`, refusal);
  };
  const emitted = () => (held = 0);
  for (const event of ['opentagstart', 'comment', 'processinginstruction', 'doctype'] as const) {
    parser.on(event, emitted);
  }

  parser.on('xmldecl', (decl) => {
    if (decl.encoding && !/^utf-?8$/i.test(decl.encoding)) fail(`unsupported encoding ${decl.encoding}`);
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    held = 0;
    depth++;
    if (depth === 1) {
      if (tag.uri !== NS.export || tag.local !== handler.root) {
        fail(`root element is {${tag.uri}}${tag.local}, expected {${NS.export}}${handler.root}`);
      }
      rootAttrs = attributes(tag);
      return;
    }
    if (skipDepth > 0) {
      skipDepth++;
      return;
    }
    const id = key(tag.uri ?? '', tag.local ?? '');
    if (depth === 2 ? !handler.wanted.has(id) : handler.skipped?.has(id)) {
      skipDepth = 1;
      return;
    }
    if (++kept > MAX_ENTITY_NODES) fail(`more than ${MAX_ENTITY_NODES} elements in one entity`, 'too_large');
    const node: XmlNode = { ns: tag.uri ?? '', name: tag.local ?? '', attrs: attributes(tag), children: [], text: '' };
    stack.at(-1)?.children.push(node);
    stack.push(node);
  });
  const onText = (text: string) => {
    held = 0;
    if (skipDepth > 0 || stack.length === 0) return;
    const node = stack.at(-1)!;
    if (node.text.length + text.length > MAX_TEXT_CHARS) tooLong();
    node.text += text;
  };
  const tooLong = () => fail(`a text longer than ${MAX_TEXT_CHARS} characters`, 'too_large');
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    held = 0;
    depth--;
    if (skipDepth > 0) {
      skipDepth--;
      return;
    }
    if (depth === 0) return;
    const node = stack.pop()!;
    node.text = node.text.trim();
    if (stack.length === 0) {
      try {
        handler.entity(node);
      } catch (error) {
        fail(error instanceof Error ? error.message : String(error));
      }
      stack = [];
      kept = 0;
    }
  });
  // saxes' own errors already carry "label:line:column: ".
  parser.on('error', (error) => {
    throw error instanceof SamReadError ? error : new SamReadError(error.message);
  });

  return {
    write(chunk) {
      for (let at = 0; at < chunk.length; at += PIECE_CHARS) {
        const piece = chunk.slice(at, at + PIECE_CHARS);
        parser.write(piece);
        held += piece.length;
        if (held > MAX_TEXT_CHARS) tooLong();
      }
    },
    end() {
      parser.close();
      if (!rootAttrs) fail('no root element');
      return rootAttrs!;
    },
    position: () => `${label}:${parser.line}:${parser.column}`,
  };
}

function attributes(tag: SaxesTagNS): Record<string, string> {
  const out: Record<string, string> = {};
  for (const attr of Object.values(tag.attributes)) if (!attr.uri) out[attr.local] = attr.value;
  return out;
}

export function child(node: XmlNode | null | undefined, ns: string, name: string): XmlNode | null {
  return node?.children.find((c) => c.ns === ns && c.name === name) ?? null;
}

export function children(node: XmlNode | null | undefined, ns: string, name: string): XmlNode[] {
  return node ? node.children.filter((c) => c.ns === ns && c.name === name) : [];
}

export function textOf(node: XmlNode | null | undefined): string | null {
  return node && node.text !== '' ? node.text : null;
}

export type Texts = { fr: string | null; nl: string | null; en: string | null; de: string | null };

/** A multilingual value: Fr/Nl/En/De children (core namespace), or plain text read as French. */
export function texts(node: XmlNode | null | undefined): Texts | null {
  if (!node) return null;
  const lang = (name: string) => textOf(child(node, NS.core, name));
  const out = { fr: lang('Fr'), nl: lang('Nl'), en: lang('En'), de: lang('De') };
  if (!out.fr && !out.nl && !out.en && !out.de) {
    const plain = textOf(node);
    return plain ? { fr: plain, nl: null, en: null, de: null } : null;
  }
  return out;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Counts what the import met and skipped as data errors. */
export interface DataErrors {
  report(what: string): void;
}

/**
 * The Data slice current on `date` (YYYY-MM-DD): from ≤ date and (no `to` or `to` ≥ date), `to`
 * inclusive. Slices come in any order; a future or expired slice is not current; two covering slices are
 * a data error (the later `from` is kept); none: the entity is not current.
 */
export function currentSlice(node: XmlNode, date: string, errors: DataErrors): XmlNode | null {
  let found: XmlNode | null = null;
  for (const slice of children(node, NS.export, 'Data')) {
    const from = slice.attrs.from ?? '';
    const to = slice.attrs.to;
    if (!DATE.test(from) || (to !== undefined && !DATE.test(to))) continue;
    if (from > date || (to !== undefined && to < date)) continue;
    if (found) {
      errors.report(`two current slices in ${node.name} ${node.attrs.code ?? ''}`.trim());
      if ((found.attrs.from ?? '') >= from) continue;
    }
    found = slice;
  }
  return found;
}
