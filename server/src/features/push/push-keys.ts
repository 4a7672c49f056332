import { chmodSync, linkSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import webPush from 'web-push';
import { COMPANY } from '@pharmaradar/shared/brand';
import type { Env } from '../../config/env';
import { vapidPublicKeyOf } from '../../config/env-variables-push';
import { PRIVATE_FILE_MODE } from '../../config/private-files';

/** The VAPID identity of this server (RFC 8292): the pair that signs every push message, and whom to contact. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export const VAPID_FILE = 'vapid.json';

function readPair(file: string): Pick<VapidKeys, 'publicKey' | 'privateKey'> {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
  const { publicKey, privateKey } = parsed;
  if (typeof publicKey !== 'string' || typeof privateKey !== 'string' || vapidPublicKeyOf(privateKey) !== publicKey) {
    throw new Error(
      `Invalid VAPID key file ${file} (delete it to generate a new pair; push then has to be turned on again on every device).`,
    );
  }
  return { publicKey, privateKey };
}

/**
 * The pair kept in DATA_DIR/vapid.json, generated on the first start (mode 0600, like secret.key).
 * Processes starting together (a cluster) agree on one pair: each writes its candidate to a file of
 * its own and hard-links it to the final name, which only the first link gets; the others read that
 * one. The final file therefore never exists half written.
 */
export function loadOrCreateVapidPair(dataDir: string): Pick<VapidKeys, 'publicKey' | 'privateKey'> {
  const file = join(dataDir, VAPID_FILE);
  try {
    statSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const candidate = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
    const pair = webPush.generateVAPIDKeys();
    writeFileSync(candidate, `${JSON.stringify(pair)}\n`, { flag: 'wx', mode: PRIVATE_FILE_MODE });
    try {
      linkSync(candidate, file);
    } catch (linkError) {
      // Another process linked its pair first: that one is kept.
      if ((linkError as NodeJS.ErrnoException).code !== 'EEXIST') throw linkError;
    } finally {
      unlinkSync(candidate);
    }
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, PRIVATE_FILE_MODE);
  return readPair(file);
}

/** The subject when VAPID_SUBJECT is not set: the public site when it is https, else the contact address. */
export function defaultVapidSubject(publicUrl: string): string {
  return publicUrl.startsWith('https://') ? publicUrl.replace(/\/+$/, '') : `mailto:${COMPANY.contactEmail}`;
}

/** VAPID_* when set (validated at start-up, all or none), else the pair kept in DATA_DIR. */
export function vapidKeys(
  env: Pick<Env, 'DATA_DIR' | 'PUBLIC_URL' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>,
): VapidKeys {
  const subject = env.VAPID_SUBJECT ?? defaultVapidSubject(env.PUBLIC_URL);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  return { ...loadOrCreateVapidPair(env.DATA_DIR), subject };
}
