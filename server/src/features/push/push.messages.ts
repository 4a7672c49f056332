import type { Messages } from '../../lib/i18n';

export const PUSH_MESSAGES = {
  limit: {
    fr: 'Les notifications sont déjà activées sur le nombre maximum d’appareils. Désactivez-les sur un autre appareil depuis votre compte.',
    en: 'Notifications are already on for the maximum number of devices. Turn them off on another device from your account.',
    nl: 'Meldingen staan al aan op het maximale aantal apparaten. Zet ze uit op een ander apparaat via uw account.',
  },
  invalidEndpoint: {
    fr: 'Ce navigateur a donné une adresse de notification que nous ne pouvons pas utiliser.',
    en: 'This browser gave a notification address we cannot use.',
    nl: 'Deze browser gaf een meldingsadres op dat wij niet kunnen gebruiken.',
  },
  invalidKey: {
    fr: 'Les clés de notification de ce navigateur ne sont pas valides.',
    en: 'This browser’s notification keys are not valid.',
    nl: 'De meldingssleutels van deze browser zijn niet geldig.',
  },
} satisfies Record<string, Messages>;
