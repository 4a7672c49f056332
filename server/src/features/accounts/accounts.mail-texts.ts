import type { Locale } from '@pharmaradar/shared/locales';

/**
 * Wording of the account e-mails. Each text is a list of paragraphs; `{code}`, `{link}`, `{minutes}`,
 * `{hours}` and `{name}` are filled in by accounts.mails.ts. Subjects never contain a code or a link
 * (subjects are logged).
 */
export interface MailText {
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** Label of the button in the HTML version (when the mail has a link). */
  action?: string;
  footer: string;
}

export type MailKind =
  | 'verification'
  | 'registerAttempt'
  | 'passwordReset'
  | 'passwordChanged'
  | 'accountDeleted'
  | 'accountDeletedSubscriptionEnded';

type WrittenKind = Exclude<MailKind, 'accountDeletedSubscriptionEnded'>;

const FOOTER: Record<Locale, string> = {
  fr: 'Vous recevez cet e-mail parce que cette adresse a été utilisée sur PharmaRadar. Ne transférez jamais ce message.',
  en: 'You are receiving this email because this address was used on PharmaRadar. Never forward this message.',
  nl: 'U ontvangt deze e-mail omdat dit adres op PharmaRadar werd gebruikt. Stuur dit bericht nooit door.',
};

const GREETING: Record<Locale, string> = { fr: 'Bonjour {name},', en: 'Hello {name},', nl: 'Beste {name},' };

export const MAIL_TEXTS: Record<WrittenKind, Record<Locale, Omit<MailText, 'greeting' | 'footer'>>> = {
  verification: {
    fr: {
      subject: 'Votre code de vérification PharmaRadar',
      paragraphs: [
        'Voici votre code de vérification : {code}',
        'Il est valable {minutes} minutes et ne peut servir qu’une fois.',
        'Vous pouvez aussi activer votre compte en ouvrant ce lien (valable {hours} heures) : {link}',
        'Si vous n’êtes pas à l’origine de cette inscription, ignorez cet e-mail : aucun compte ne sera activé.',
      ],
      action: 'Activer mon compte',
    },
    en: {
      subject: 'Your PharmaRadar verification code',
      paragraphs: [
        'Here is your verification code: {code}',
        'It is valid for {minutes} minutes and can be used only once.',
        'You can also activate your account by opening this link (valid for {hours} hours): {link}',
        'If you did not sign up, ignore this email: no account will be activated.',
      ],
      action: 'Activate my account',
    },
    nl: {
      subject: 'Uw PharmaRadar-verificatiecode',
      paragraphs: [
        'Dit is uw verificatiecode: {code}',
        'Ze is {minutes} minuten geldig en kan maar één keer gebruikt worden.',
        'U kunt uw account ook activeren via deze link ({hours} uur geldig): {link}',
        'Hebt u zich niet geregistreerd? Negeer dan deze e-mail: er wordt geen account geactiveerd.',
      ],
      action: 'Mijn account activeren',
    },
  },
  registerAttempt: {
    fr: {
      subject: 'Tentative d’inscription avec votre adresse PharmaRadar',
      paragraphs: [
        'Quelqu’un a essayé de créer un compte PharmaRadar avec votre adresse e-mail, alors que vous en avez déjà un.',
        'Si c’était vous, connectez-vous simplement. Mot de passe oublié ? Réinitialisez-le ici : {link}',
        'Si ce n’était pas vous, vous pouvez ignorer cet e-mail : votre compte n’a pas été modifié.',
      ],
      action: 'Réinitialiser mon mot de passe',
    },
    en: {
      subject: 'Sign-up attempt with your PharmaRadar address',
      paragraphs: [
        'Someone tried to create a PharmaRadar account with your email address, but you already have one.',
        'If it was you, just log in. Forgot your password? Reset it here: {link}',
        'If it was not you, you can ignore this email: your account has not been changed.',
      ],
      action: 'Reset my password',
    },
    nl: {
      subject: 'Registratiepoging met uw PharmaRadar-adres',
      paragraphs: [
        'Iemand probeerde een PharmaRadar-account aan te maken met uw e-mailadres, maar u hebt er al een.',
        'Was u dat? Meld u dan gewoon aan. Wachtwoord vergeten? Stel het hier opnieuw in: {link}',
        'Was u het niet? Dan kunt u deze e-mail negeren: uw account is niet gewijzigd.',
      ],
      action: 'Mijn wachtwoord opnieuw instellen',
    },
  },
  passwordReset: {
    fr: {
      subject: 'Réinitialisation de votre mot de passe PharmaRadar',
      paragraphs: [
        'Vous avez demandé à réinitialiser votre mot de passe. Choisissez-en un nouveau via ce lien (valable {hours} heure, une seule fois) : {link}',
        'Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.',
      ],
      action: 'Choisir un nouveau mot de passe',
    },
    en: {
      subject: 'Reset your PharmaRadar password',
      paragraphs: [
        'You asked to reset your password. Choose a new one with this link (valid for {hours} hour, once): {link}',
        'If you did not ask for this, ignore this email: your password stays unchanged.',
      ],
      action: 'Choose a new password',
    },
    nl: {
      subject: 'Uw PharmaRadar-wachtwoord opnieuw instellen',
      paragraphs: [
        'U hebt gevraagd om uw wachtwoord opnieuw in te stellen. Kies een nieuw wachtwoord via deze link ({hours} uur geldig, één keer bruikbaar): {link}',
        'Hebt u niets gevraagd? Negeer dan deze e-mail: uw wachtwoord blijft ongewijzigd.',
      ],
      action: 'Een nieuw wachtwoord kiezen',
    },
  },
  passwordChanged: {
    fr: {
      subject: 'Votre mot de passe PharmaRadar a été modifié',
      paragraphs: [
        'Le mot de passe de votre compte PharmaRadar vient d’être modifié et toutes vos sessions ont été fermées.',
        'Si vous n’êtes pas à l’origine de ce changement, réinitialisez immédiatement votre mot de passe : {link}',
      ],
      action: 'Sécuriser mon compte',
    },
    en: {
      subject: 'Your PharmaRadar password was changed',
      paragraphs: [
        'The password of your PharmaRadar account was just changed and all your sessions were signed out.',
        'If you did not make this change, reset your password right away: {link}',
      ],
      action: 'Secure my account',
    },
    nl: {
      subject: 'Uw PharmaRadar-wachtwoord is gewijzigd',
      paragraphs: [
        'Het wachtwoord van uw PharmaRadar-account is zonet gewijzigd en al uw sessies zijn afgemeld.',
        'Hebt u dit niet zelf gedaan? Stel dan meteen een nieuw wachtwoord in: {link}',
      ],
      action: 'Mijn account beveiligen',
    },
  },
  accountDeleted: {
    fr: {
      subject: 'Votre compte PharmaRadar a été supprimé',
      paragraphs: [
        'Votre compte PharmaRadar a été supprimé et toutes vos sessions ont été fermées.',
        'Vos données personnelles sont effacées de nos systèmes au plus tard 30 jours après cette suppression. Les journaux techniques sont conservés au maximum 12 mois.',
        'Vous pouvez créer un nouveau compte à tout moment : {link}',
      ],
    },
    en: {
      subject: 'Your PharmaRadar account was deleted',
      paragraphs: [
        'Your PharmaRadar account was deleted and all your sessions were signed out.',
        'Your personal data is erased from our systems no later than 30 days after this deletion. Technical logs are kept for at most 12 months.',
        'You can create a new account at any time: {link}',
      ],
    },
    nl: {
      subject: 'Uw PharmaRadar-account is verwijderd',
      paragraphs: [
        'Uw PharmaRadar-account is verwijderd en al uw sessies zijn afgemeld.',
        'Uw persoonsgegevens worden uiterlijk 30 dagen na deze verwijdering uit onze systemen gewist. Technische logboeken worden maximaal 12 maanden bewaard.',
        'U kunt op elk moment een nieuw account aanmaken: {link}',
      ],
    },
  },
};

/** Added to the deletion mail when the deletion also ended a paid subscription (docs/decisions/130). */
const SUBSCRIPTION_ENDED: Record<Locale, string> = {
  fr: 'Votre abonnement PharmaRadar Pro a été résilié immédiatement auprès de notre prestataire de paiement : aucun autre paiement ne sera prélevé.',
  en: 'Your PharmaRadar Pro subscription was cancelled immediately with our payment provider: no further payment will be taken.',
  nl: 'Uw PharmaRadar Pro-abonnement is onmiddellijk opgezegd bij onze betaalprovider: er wordt niets meer aangerekend.',
};

/** Why a verification mail went out besides a first registration or a resend (ADR 125, 126). */
export type VerificationNotice = 'reRegistration' | 'loginPending';

/** First paragraph of a verification mail sent for a notice: the owner learns what the code does. */
const NOTICES: Record<VerificationNotice, Record<Locale, string>> = {
  reRegistration: {
    fr: 'Cette adresse a été inscrite à nouveau alors qu’une inscription attendait déjà sa vérification. Ce code et ce lien, comme ceux reçus plus tôt, restent valables. Utilisés dans le navigateur où vous vous êtes inscrit, ils activent votre inscription ; ailleurs, ils vous demandent votre mot de passe. Ce code n’active aucun mot de passe que vous n’avez pas choisi. Si vous n’êtes pas à l’origine de ces inscriptions, ignorez cet e-mail.',
    en: 'This address was registered again while an earlier registration was waiting for verification. This code and link, like the ones you received before, stay valid. Used in the browser you registered in, they activate your registration; anywhere else, they ask for your password. This code never activates a password you did not choose. If you did not register, ignore this email.',
    nl: 'Dit adres werd opnieuw geregistreerd terwijl een eerdere registratie nog op bevestiging wachtte. Deze code en link blijven geldig, net als die u eerder kreeg. In de browser waarin u zich registreerde, activeren ze uw registratie; elders vragen ze uw wachtwoord. Deze code activeert nooit een wachtwoord dat u niet zelf koos. Hebt u zich niet geregistreerd? Negeer dan deze e-mail.',
  },
  loginPending: {
    fr: 'Quelqu’un vient de se connecter avec le bon mot de passe, mais votre adresse e-mail n’est pas encore vérifiée. Confirmez-la avec le code ci-dessous, puis connectez-vous.',
    en: 'Someone just signed in with the right password, but your email address is not verified yet. Confirm it with the code below, then sign in.',
    nl: 'Iemand heeft zich zonet aangemeld met het juiste wachtwoord, maar uw e-mailadres is nog niet bevestigd. Bevestig het met de code hieronder en meld u daarna aan.',
  },
};

export function mailText(kind: MailKind, locale: Locale, notice?: VerificationNotice): MailText {
  const common = { greeting: GREETING[locale], footer: FOOTER[locale] };
  if (kind === 'accountDeletedSubscriptionEnded') {
    const base = MAIL_TEXTS.accountDeleted[locale];
    const [first, ...rest] = base.paragraphs;
    return { ...base, ...common, paragraphs: [first ?? '', SUBSCRIPTION_ENDED[locale], ...rest] };
  }
  const text = MAIL_TEXTS[kind][locale];
  const paragraphs = notice ? [NOTICES[notice][locale], ...text.paragraphs] : text.paragraphs;
  return { ...text, ...common, paragraphs };
}
