import type { Messages } from '../../lib/i18n';

export const PRO_MESSAGES = {
  proRequired: {
    fr: 'Cette fonction est réservée aux abonnés Pro.',
    en: 'This feature requires a Pro plan.',
    nl: 'Deze functie is voorbehouden aan Pro-abonnees.',
  },
  invalidCnk: {
    fr: 'Saisissez un CNK valide (6 à 7 chiffres).',
    en: 'Enter a valid CNK (6–7 digits).',
    nl: 'Voer een geldige CNK in (6–7 cijfers).',
  },
  tooManyCnks: {
    fr: 'Trop de CNK dans une seule demande.',
    en: 'Too many CNKs in one request.',
    nl: 'Te veel CNK’s in één aanvraag.',
  },
  groupNameRequired: {
    fr: 'Le nom du groupe est obligatoire.',
    en: 'Group name is required.',
    nl: 'Groepsnaam is verplicht.',
  },
  groupDataMissing: {
    fr: 'Un groupe non supprimé doit avoir un contenu.',
    en: 'A group that is not deleted needs its content.',
    nl: 'Een niet-verwijderde groep heeft inhoud nodig.',
  },
  pricingFailed: {
    fr: 'Impossible de récupérer les résultats. Veuillez réessayer dans quelques instants.',
    en: 'Unable to fetch results. Please try again shortly.',
    nl: 'Kan de resultaten niet ophalen. Probeer het zo dadelijk opnieuw.',
  },
} satisfies Record<string, Messages>;

/** 429 detail: the allowance is used up until `resetsOn` (YYYY-MM-DD). */
export function quotaExceededMessages(resetsOn: string): Messages {
  return {
    fr: `Votre quota mensuel de prix Pro est épuisé. Il sera renouvelé le ${resetsOn}.`,
    en: `Your monthly Pro price allowance is used up. It renews on ${resetsOn}.`,
    nl: `Uw maandelijks Pro-prijsquotum is opgebruikt. Het wordt vernieuwd op ${resetsOn}.`,
  };
}

/** 413 `group_storage_full`: the request would take the account past a cap of docs/decisions/131. */
export function groupStorageFullMessages(limits: { groups: number; cnks: number; megabytes: number }): Messages {
  const { groups, cnks, megabytes } = limits;
  return {
    fr: `Espace de stockage des groupes dépassé (au plus ${groups} groupes, ${cnks} CNK par groupe, ${megabytes} Mo en tout) : rien de cette modification n’a été enregistré. Supprimez des groupes ou des CNK puis réessayez.`,
    en: `Group storage limit reached (at most ${groups} groups, ${cnks} CNKs per group, ${megabytes} MB in all): nothing of this change was saved. Delete groups or CNKs, then try again.`,
    nl: `Opslaglimiet voor groepen bereikt (hoogstens ${groups} groepen, ${cnks} CNK’s per groep, ${megabytes} MB in totaal): niets van deze wijziging is opgeslagen. Verwijder groepen of CNK’s en probeer opnieuw.`,
  };
}
