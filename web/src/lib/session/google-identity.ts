import { readAuthConfig } from '@pharmaradar/shared/auth-config';
import { api } from '../api/client';

/**
 * Google Identity Services (GIS): the official external script, loaded on demand (CSP allows
 * exactly https://accounts.google.com/gsi/client; nothing is inlined). GIS keeps ONE configuration
 * per page, so `initialize` is called once and credentials are dispatched to whichever handler the
 * current screen registered (the login button or One Tap).
 */
export const GIS_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

export interface GoogleCredentialResponse {
  credential: string;
  select_by?: string;
}

interface PromptMomentNotification {
  isNotDisplayed?: () => boolean;
  getNotDisplayedReason?: () => string;
  isSkippedMoment?: () => boolean;
  getSkippedReason?: () => string;
}

export interface GoogleAccountsId {
  initialize(config: Record<string, unknown>): void;
  renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
  prompt(listener?: (notification: PromptMomentNotification) => void): void;
  cancel(): void;
  disableAutoSelect?(): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

type CredentialHandler = (response: GoogleCredentialResponse) => void;

let configPromise: Promise<string | null> | null = null;
let scriptPromise: Promise<GoogleAccountsId> | null = null;
let initializedFor: string | null = null;
let handler: CredentialHandler | null = null;

/** GET /api/auth/config/ once per page load: the Google client id, or null when Google is off. */
export function loadGoogleClientId(): Promise<string | null> {
  // Read without zod: One Tap asks as the home page loads, where zod is not loaded (ADR 036, 119).
  configPromise ??= api
    .get('/auth/config/', { read: readAuthConfig })
    .then((config) => config.googleClientId || null)
    .catch((error: unknown) => {
      configPromise = null; // offline at start: try again on the next screen
      throw error;
    });
  return configPromise;
}

function currentGis(): GoogleAccountsId | null {
  return window.google?.accounts?.id ?? null;
}

export function loadGisScript(): Promise<GoogleAccountsId> {
  const ready = currentGis();
  if (ready) return Promise.resolve(ready);
  scriptPromise ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.addEventListener('load', () => {
      const gis = currentGis();
      if (gis) resolve(gis);
      else reject(new Error('Google Identity Services did not initialise.'));
    });
    script.addEventListener('error', () => reject(new Error('Google Identity Services could not be loaded.')));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    scriptPromise = null;
    document.querySelector(`script[src="${GIS_SCRIPT_URL}"]`)?.remove();
    throw error;
  });
  return scriptPromise;
}

/** Loads GIS, initialises it once for `clientId`, and routes the next credentials to `onCredential`. */
export async function prepareGoogle(clientId: string, onCredential: CredentialHandler): Promise<GoogleAccountsId> {
  const gis = await loadGisScript();
  handler = onCredential;
  if (initializedFor !== clientId) {
    gis.initialize({
      client_id: clientId,
      callback: (response: GoogleCredentialResponse) => handler?.(response),
      auto_select: false,
      cancel_on_tap_outside: true,
      context: 'signin',
      ux_mode: 'popup',
      itp_support: true,
      use_fedcm_for_prompt: true,
    });
    initializedFor = clientId;
  }
  return gis;
}

/** Stops routing credentials to `onCredential` (a screen unmounting). */
export function releaseGoogleHandler(onCredential: CredentialHandler): void {
  if (handler === onCredential) handler = null;
}

/** Cancels a displayed One Tap prompt, if GIS is loaded at all. */
export function cancelOneTap(): void {
  currentGis()?.cancel();
}

/** POST /api/auth/google/verify/: the server checks the ID token and opens a session. */
export function verifyGoogleCredential(idToken: string, isPharmacist: boolean | null): Promise<unknown> {
  const body = isPharmacist === null ? { id_token: idToken } : { id_token: idToken, is_pharmacist: isPharmacist };
  return api.post<unknown>('/auth/google/verify/', body);
}
