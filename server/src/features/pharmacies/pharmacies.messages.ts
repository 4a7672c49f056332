/** API texts of the nearby pharmacies feature (fr, en, nl). */
export const PHARMACIES_MESSAGES = {
  invalidPosition: {
    fr: 'Position invalide : la latitude et la longitude doivent être des nombres décimaux valides.',
    en: 'Invalid position: latitude and longitude must be valid decimal numbers.',
    nl: 'Ongeldige positie: breedte- en lengtegraad moeten geldige decimale getallen zijn.',
  },
  invalidRadius: {
    fr: 'Rayon invalide : choisissez une distance entre 0 et 25 km.',
    en: 'Invalid radius: choose a distance between 0 and 25 km.',
    nl: 'Ongeldige straal: kies een afstand tussen 0 en 25 km.',
  },
} as const;
