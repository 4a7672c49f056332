import type { Locale } from '@pharmaradar/shared/locales';

/**
 * The few texts shown before (or instead of) the locale files: they cannot come from those files.
 * Kept in fr, en and nl like every other string.
 */
export const BOOT_TEXTS: Record<
  Locale,
  { loading: string; localeFailed: string; failed: string; retry: string; reload: string; offlineHint: string }
> = {
  fr: {
    loading: 'Chargement…',
    localeFailed: 'Impossible de charger les textes de l’application.',
    failed: 'Une erreur inattendue est survenue.',
    retry: 'Réessayer',
    reload: 'Recharger la page',
    offlineHint: 'Vérifiez votre connexion internet puis réessayez.',
  },
  en: {
    loading: 'Loading…',
    localeFailed: 'The application texts could not be loaded.',
    failed: 'An unexpected error occurred.',
    retry: 'Try again',
    reload: 'Reload the page',
    offlineHint: 'Check your internet connection, then try again.',
  },
  nl: {
    loading: 'Laden…',
    localeFailed: 'De teksten van de applicatie konden niet worden geladen.',
    failed: 'Er is een onverwachte fout opgetreden.',
    retry: 'Opnieuw proberen',
    reload: 'Pagina herladen',
    offlineHint: 'Controleer uw internetverbinding en probeer het opnieuw.',
  },
};
