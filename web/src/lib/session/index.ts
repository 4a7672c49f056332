export { SessionProvider } from './session-provider';
export { useSession } from './use-session';
export type { SessionValue } from './session-context';
export {
  loadGoogleClientId,
  prepareGoogle,
  releaseGoogleHandler,
  cancelOneTap,
  verifyGoogleCredential,
  type GoogleCredentialResponse,
} from './google-identity';
export { useGoogleButton, type GoogleButtonState } from './use-google-button';
