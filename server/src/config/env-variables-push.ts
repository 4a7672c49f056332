import { createECDH } from 'node:crypto';
import { z } from 'zod';
import { variable } from './env-variable';

/** Base64url of exactly `bytes` bytes (no padding), as VAPID keys are written (RFC 8292). */
const base64urlBytes = (bytes: number, what: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === bytes, {
      error: `must be ${what} (${bytes} bytes, base64url)`,
    });

/**
 * VAPID (RFC 8292): the key pair that signs every push message and the contact the push services
 * may write to. All three or none: none, a pair is generated once into DATA_DIR/vapid.json.
 */
export const PUSH_VARIABLES = {
  VAPID_PUBLIC_KEY: variable(
    base64urlBytes(65, 'an uncompressed P-256 public key').optional(),
    'generated into DATA_DIR/vapid.json',
    'VAPID public key for Web Push (65 bytes base64url, `npx web-push generate-vapid-keys`); set with VAPID_PRIVATE_KEY and VAPID_SUBJECT, or none of them.',
  ),
  VAPID_PRIVATE_KEY: variable(
    base64urlBytes(32, 'a P-256 private key').optional(),
    'generated into DATA_DIR/vapid.json',
    'VAPID private key matching VAPID_PUBLIC_KEY (32 bytes base64url). Changing the pair turns push off on every device until it is turned on again.',
  ),
  VAPID_SUBJECT: variable(
    z
      .string()
      .trim()
      .refine((v) => /^mailto:[^\s@]+@[^\s@]+$/.test(v) || /^https:\/\/[^\s/]+/.test(v), {
        error: 'must be a mailto: address or an https URL',
      })
      .optional(),
    'PUBLIC_URL when https, else mailto: the contact address',
    'Contact the push services may use about this server (mailto: address or https URL of the public site).',
  ),
};

export const VAPID_VARIABLES = ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;

/** The uncompressed public key (base64url) of a P-256 private key given in base64url; null when it is none. */
export function vapidPublicKeyOf(privateKey: string): string | null {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url');
  } catch {
    return null;
  }
}
