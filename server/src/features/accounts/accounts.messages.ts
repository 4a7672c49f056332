import type { AuthMessageKey } from '@pharmaradar/shared/auth.schema';
import type { Messages } from '../../lib/i18n';
import type { IssueVocabulary } from '../../lib/validate';

/** Field messages for the stable keys the shared zod schemas emit (texts of docs/product.md#validation where it has one). */
export const FIELD_MESSAGES: Record<AuthMessageKey, Messages> = {
  required: {
    fr: 'Ce champ est obligatoire.',
    en: 'This field is required.',
    nl: 'Dit veld is verplicht.',
  },
  invalid_email: {
    fr: 'Veuillez saisir une adresse e-mail valide.',
    en: 'Please enter a valid email address.',
    nl: 'Vul een geldig e-mailadres in.',
  },
  password_min_length: {
    fr: 'Le mot de passe doit contenir au moins 8 caractères.',
    en: 'Password must be at least 8 characters long.',
    nl: 'Het wachtwoord moet minstens 8 tekens lang zijn.',
  },
  password_too_short: {
    fr: 'Mot de passe trop court (min. 8 caractères).',
    en: 'Password too short (min. 8 characters).',
    nl: 'Wachtwoord te kort (min. 8 tekens).',
  },
  password_too_long: {
    fr: 'Mot de passe trop long (max. 256 caractères).',
    en: 'Password too long (max. 256 characters).',
    nl: 'Wachtwoord te lang (max. 256 tekens).',
  },
  terms_required: {
    fr: 'Vous devez accepter les conditions d’utilisation.',
    en: 'You must accept the terms of use.',
    nl: 'U moet de gebruiksvoorwaarden aanvaarden.',
  },
  pharmacist_required: {
    fr: 'Veuillez indiquer si vous êtes pharmacien.',
    en: 'Please indicate whether you are a pharmacist.',
    nl: 'Geef aan of u apotheker bent.',
  },
  otp_format: {
    fr: 'Saisissez le code à 6 chiffres.',
    en: 'Enter the 6-digit code.',
    nl: 'Voer de 6-cijferige code in.',
  },
  email_missing: {
    fr: 'E-mail manquant. Veuillez recommencer l’inscription.',
    en: 'Missing email. Please restart registration.',
    nl: 'E-mailadres ontbreekt. Begin opnieuw met registreren.',
  },
  too_long: {
    fr: 'Ce texte est trop long.',
    en: 'This text is too long.',
    nl: 'Deze tekst is te lang.',
  },
  name_plain_text: {
    fr: 'Saisissez un nom en texte simple, sans retour à la ligne ni lien.',
    en: 'Enter a plain name, without line breaks or links.',
    nl: 'Vul een gewone naam in, zonder regeleinden of links.',
  },
  first_name_invalid: {
    fr: 'Saisissez votre prénom : des lettres seulement (trait d’union, apostrophe et espace permis), 3 mots et 40 caractères au plus.',
    en: 'Enter your first name: letters only (hyphens, apostrophes and spaces allowed), at most 3 words and 40 characters.',
    nl: 'Vul uw voornaam in: alleen letters (koppelteken, apostrof en spatie toegestaan), hoogstens 3 woorden en 40 tekens.',
  },
  acknowledge_required: {
    fr: 'Veuillez confirmer que vous comprenez que la suppression est définitive.',
    en: 'Please confirm that you understand the deletion is final.',
    nl: 'Bevestig dat u begrijpt dat de verwijdering definitief is.',
  },
};

/** Error details (docs/product.md#messages where it has the text) and success details of the account API. */
export const AUTH_MESSAGES = {
  requiredFields: {
    fr: 'Veuillez remplir tous les champs obligatoires.',
    en: 'Please fill in all required fields.',
    nl: 'Vul alle verplichte velden in.',
  },
  passwordCommon: {
    fr: 'Ce mot de passe est trop courant et facile à deviner. Choisissez-en un autre.',
    en: 'This password is too common and easy to guess. Please choose another one.',
    nl: 'Dit wachtwoord komt te vaak voor en is makkelijk te raden. Kies een ander.',
  },
  invalidCredentials: {
    fr: 'Identifiants invalides.',
    en: 'Invalid credentials.',
    nl: 'Ongeldige inloggegevens.',
  },
  otpInvalid: {
    fr: 'Code invalide ou expiré.',
    en: 'Invalid or expired code.',
    nl: 'Ongeldige of verlopen code.',
  },
  otpThrottled: {
    fr: 'Veuillez patienter avant de demander un nouveau code.',
    en: 'Please wait before requesting a new code.',
    nl: 'Wacht even voordat u een nieuwe code aanvraagt.',
  },
  // A code or link used in another browser than the one that registered: it activates the password typed.
  passwordRequired: {
    fr: 'Saisissez le mot de passe de votre compte : c’est lui que ce code activera.',
    en: 'Enter your account password: it is the one this code will activate.',
    nl: 'Voer het wachtwoord van uw account in: dat wachtwoord activeert deze code.',
  },
  activationInvalid: {
    fr: 'Lien invalide ou expiré. Veuillez demander un nouvel e-mail d’activation.',
    en: 'Invalid or expired link. Please request a new activation email.',
    nl: 'Ongeldige of verlopen link. Vraag een nieuwe activeringsmail aan.',
  },
  resetInvalid: {
    fr: 'Lien expiré ou invalide. Veuillez refaire la demande.',
    en: 'Expired or invalid link. Please request again.',
    nl: 'Verlopen of ongeldige link. Vraag opnieuw aan.',
  },
  googleFailed: {
    fr: 'La connexion avec Google a échoué.',
    en: 'Google sign-in failed.',
    nl: 'Aanmelden met Google is mislukt.',
  },
  googleDisabled: {
    fr: 'La connexion avec Google n’est pas disponible.',
    en: 'Google sign-in is not available.',
    nl: 'Aanmelden met Google is niet beschikbaar.',
  },
  emailMismatch: {
    fr: 'L’adresse e-mail saisie ne correspond pas à votre compte.',
    en: 'The email address you typed does not match your account.',
    nl: 'Het ingevoerde e-mailadres komt niet overeen met uw account.',
  },
  incorrectPassword: {
    fr: 'Mot de passe incorrect.',
    en: 'Incorrect password.',
    nl: 'Onjuist wachtwoord.',
  },
  reauthRequired: {
    fr: 'Pour confirmer, reconnectez-vous avec Google, puis réessayez.',
    en: 'To confirm, sign in again with Google, then try again.',
    nl: 'Meld u ter bevestiging opnieuw aan met Google en probeer het daarna opnieuw.',
  },
  // Worded so it is true whether the address was new (code mail) or already registered (warning mail).
  registered: {
    fr: 'Vérifiez votre boîte mail et saisissez le code à 6 chiffres que nous vous avons envoyé.',
    en: 'Check your inbox and enter the 6-digit code we sent you.',
    nl: 'Controleer uw mailbox en voer de 6-cijferige code in die we u hebben gestuurd.',
  },
  codeResent: {
    fr: 'Si un compte attend une vérification pour cette adresse, un nouveau code vient d’être envoyé.',
    en: 'If an account is awaiting verification for this address, a new code has been sent.',
    nl: 'Als er voor dit adres een account op bevestiging wacht, is er een nieuwe code verstuurd.',
  },
  resetRequested: {
    fr: 'Si un compte existe pour cette adresse, vous allez recevoir un e-mail avec un lien de réinitialisation.',
    en: 'If an account exists for this address, you will receive an email with a reset link.',
    nl: 'Als er een account bestaat voor dit adres, ontvangt u een e-mail met een link om uw wachtwoord opnieuw in te stellen.',
  },
  passwordChanged: {
    fr: 'Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter.',
    en: 'Your password has been changed. You can now log in.',
    nl: 'Uw wachtwoord is gewijzigd. U kunt zich nu aanmelden.',
  },
  loggedOut: {
    fr: 'Vous êtes déconnecté.',
    en: 'You are logged out.',
    nl: 'U bent afgemeld.',
  },
  accountDeleted: {
    fr: 'Votre compte a été supprimé.',
    en: 'Your account has been deleted.',
    nl: 'Uw account is verwijderd.',
  },
} satisfies Record<string, Messages>;

/** How the account API words its 400 `validation` answers (docs/product.md#validation texts). */
export const ACCOUNT_ISSUES: IssueVocabulary = { fields: FIELD_MESSAGES, missing: AUTH_MESSAGES.requiredFields };
