import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

const GSI = 'https://accounts.google.com/gsi/';

/**
 * Content-Security-Policy of every answer. No inline scripts or styles anywhere; Google Identity
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
 * Hono's secureHeaders with the project's overrides: HSTS one year + sub-domains (ASVS 3.4.1; Hono
 * defaults to 180 days), COOP same-origin-allow-popups (Google sign-in popups), and
 * Referrer-Policy strict-origin-when-cross-origin: other origins only ever see our origin, never a
 * path (so activation/reset tokens in URLs do not leak), while Google Identity Services, which checks
 * the embedding origin, keeps working.
 */
export function securityHeaders(
  options: { extraImgSrc?: string[]; adNetworkOrigin?: string | null } = {},
): MiddlewareHandler {
  // A configured ad network (AD_NETWORK_SCRIPT_URL) loads its script, then frames, beacons and images.
  const ads = options.adNetworkOrigin ? [options.adNetworkOrigin] : [];
  return secureHeaders({
    contentSecurityPolicy: {
      ...CONTENT_SECURITY_POLICY,
      scriptSrc: [...CONTENT_SECURITY_POLICY.scriptSrc, ...ads],
      connectSrc: [...CONTENT_SECURITY_POLICY.connectSrc, ...ads],
      frameSrc: [...CONTENT_SECURITY_POLICY.frameSrc, ...ads],
      imgSrc: [...CONTENT_SECURITY_POLICY.imgSrc, ...(options.extraImgSrc ?? []), ...ads],
    },
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
    crossOriginResourcePolicy: 'same-origin',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
    // Geolocation for our own pages only: the nearby pharmacies map asks for it; the camera for the
    // barcode scan.
    permissionsPolicy: { camera: ['self'], microphone: [], geolocation: ['self'], payment: [], usb: [] },
    removePoweredBy: true,
  });
}
