import type { Finisher } from './answer-headers';

const GSI = 'https://accounts.google.com/gsi/';

/**
 * Content-Security-Policy of every page and file. No inline scripts or styles anywhere; Google Identity
 * Services (sign-in button, One Tap) is the only third party, allowed exactly where Google documents.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  // 'wasm-unsafe-eval' compiles WebAssembly only (the barcode reader, served by us; ADR 115), no eval.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'", `${GSI}client`],
  styleSrc: ["'self'", `${GSI}style`],
  imgSrc: ["'self'", 'data:', 'https:'],
  connectSrc: ["'self'", GSI],
  frameSrc: [GSI],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
};

/**
 * The policy of a data answer (JSON, an event stream): a browser that opens one as a page may load
 * nothing, run nothing, be framed by nobody.
 */
export const DATA_CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'none'"],
};

type HeaderList = readonly (readonly [name: string, value: string])[];

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const policyText = (policy: Record<string, string[]>) =>
  Object.entries(policy)
    .map(([directive, sources]) => [kebab(directive), ...sources].join(' '))
    .join('; ');

/** On every answer, whatever its kind. */
const EVERY_ANSWER: HeaderList = [
  // One year with sub-domains (ASVS 3.4.1).
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  // Other origins only ever see our origin, never a path (activation and reset tokens travel in URLs),
  // while Google Identity Services, which checks the embedding origin, keeps working.
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'DENY'],
];

/**
 * What only a document reads: the policies of a page's window (opener, origin cluster, features) and
 * the legacy switches of older browsers. A data answer carries none of them (ADR 257).
 */
const DOCUMENT_ONLY: HeaderList = [
  // Google sign-in opens a popup that must be able to answer its opener.
  ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
  ['Origin-Agent-Cluster', '?1'],
  // Geolocation for our own pages only: the nearby pharmacies map asks for it; the camera for the
  // barcode scan.
  ['Permissions-Policy', 'camera=(self), microphone=(), geolocation=(self), payment=(), usb=()'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/** JSON and event streams: what the app's own code fetches, never drawn as a page of ours. */
function isDataAnswer(contentType: string | null): boolean {
  if (!contentType) return false;
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json' || type === 'text/event-stream';
}

/**
 * The security headers of every answer (HTML, JSON, event streams, static files, errors), set once it
 * is made, after everything else (app.ts gives it to answerHeaders). Pages and files get the full policy; a data answer the headers that still mean something
 * for it, so the hottest answers (a cached search) carry about a kilobyte less.
 */
export function securityHeaders(options: { extraImgSrc?: string[]; adNetworkOrigin?: string | null } = {}): Finisher {
  // A configured ad network (AD_NETWORK_SCRIPT_URL) loads its script, then frames, beacons and images.
  const ads = options.adNetworkOrigin ? [options.adNetworkOrigin] : [];
  const documentPolicy = policyText({
    ...CONTENT_SECURITY_POLICY,
    scriptSrc: [...CONTENT_SECURITY_POLICY.scriptSrc, ...ads],
    connectSrc: [...CONTENT_SECURITY_POLICY.connectSrc, ...ads],
    frameSrc: [...CONTENT_SECURITY_POLICY.frameSrc, ...ads],
    imgSrc: [...CONTENT_SECURITY_POLICY.imgSrc, ...(options.extraImgSrc ?? []), ...ads],
  });
  const documents: HeaderList = [['Content-Security-Policy', documentPolicy], ...EVERY_ANSWER, ...DOCUMENT_ONLY];
  const data: HeaderList = [['Content-Security-Policy', policyText(DATA_CONTENT_SECURITY_POLICY)], ...EVERY_ANSWER];
  return (headers) => {
    for (const [name, value] of isDataAnswer(headers.get('Content-Type')) ? data : documents) headers.set(name, value);
    headers.delete('X-Powered-By');
  };
}
