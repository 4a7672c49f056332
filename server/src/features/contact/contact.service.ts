import { BRAND_NAME } from '@pharmaradar/shared/brand';
import { type ContactMessage } from '@pharmaradar/shared/contact.schema';
import { type Locale } from '@pharmaradar/shared/locales';
import { HttpError } from '../../lib/http-error';
import type { Messages } from '../../lib/i18n';
import type { Logger } from '../../lib/log';
import type { Mailer } from '../../lib/mailer';
import type { ContactRepository } from './contact.repository';

export const CONTACT_MESSAGES = {
  sent: {
    fr: 'Merci, votre message a bien été envoyé. Nous vous répondrons dès que possible.',
    en: 'Thank you, your message has been sent. We will get back to you as soon as possible.',
    nl: 'Bedankt, uw bericht is verzonden. We antwoorden u zo snel mogelijk.',
  },
  mailFailed: {
    fr: 'Impossible d’envoyer votre message pour le moment. Veuillez réessayer plus tard.',
    en: 'Unable to send your message right now. Please try again later.',
    nl: 'Uw bericht kan op dit moment niet worden verzonden. Probeer het later opnieuw.',
  },
} satisfies Record<string, Messages>;

export interface ContactServiceDeps {
  repository: ContactRepository;
  mailer: Mailer;
  log: Logger;
  now: () => number;
  contactTo: string;
}

/**
 * Stores the message first (so nothing a user wrote is lost), then mails it to the team with
 * Reply-To set to the sender. A mail failure keeps the row, marked 'failed', and answers 503.
 */
export async function submitContactMessage(
  deps: ContactServiceDeps,
  input: ContactMessage,
  locale: Locale,
  priority = false,
): Promise<void> {
  const id = deps.repository.insert({ ...input, locale, priority, createdAt: deps.now() });
  try {
    await deps.mailer.send({
      to: deps.contactTo,
      replyTo: { name: input.name, address: input.email },
      // No personal data in the subject: mail subjects are logged. Priority messages say so first,
      // so the team's inbox sorts and filters them (docs/product.md#audience-and-plans priority support).
      subject: `${priority ? '[PRIORITY] ' : ''}[${BRAND_NAME}] Contact form message #${id}`,
      text: [
        `Message #${id} from the ${BRAND_NAME} contact form`,
        `Name: ${input.name}`,
        `E-mail: ${input.email}`,
        `Language: ${locale}`,
        `Priority support: ${priority ? 'yes (Pro or Ultra account)' : 'no'}`,
        '',
        input.message,
        '',
      ].join('\n'),
    });
  } catch (error) {
    deps.repository.setMailStatus(id, 'failed');
    deps.log.error('contact message stored but mail failed', { contactId: id, error: (error as Error).message });
    throw new HttpError(503, 'mail_failed', CONTACT_MESSAGES.mailFailed);
  }
  deps.repository.setMailStatus(id, 'sent');
  deps.log.info('contact message sent', { contactId: id });
}

/**
 * The contact form's part of the account data export (accounts' PersonalDataSource, wired in app.ts):
 * the messages sent from the account's address, the same ones account deletion erases.
 */
export function contactPersonalData(repository: ContactRepository) {
  return (user: { email: string }) => ({
    contact_messages: repository.listFromEmail(user.email).map((m) => ({
      created_at: new Date(m.created_at).toISOString(),
      name: m.name,
      email: m.email,
      message: m.message,
    })),
  });
}
