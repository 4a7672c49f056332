import { BRAND_NAME } from '@pharmaradar/shared/brand';
import { isFirstName } from '@pharmaradar/shared/auth.schema';
import { type Locale } from '@pharmaradar/shared/locales';
import type { Env } from '../../config/env';
import type { Logger } from '../../lib/log';
import type { Mailer } from '../../lib/mailer';
import { mailText, type MailKind, type VerificationNotice } from './accounts.mail-texts';

export interface MailRecipient {
  email: string;
  first_name: string;
}

interface MailValues {
  code?: string;
  link?: string;
  minutes?: number;
  hours?: number;
  /** Verification mails only: why this code went out (a first paragraph explains it). */
  notice?: VerificationNotice;
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

function fill(template: string, values: Omit<MailValues, 'notice'> & { name: string }): string {
  return template.replace(/\{(code|link|minutes|hours|name)\}/g, (_, key: keyof typeof values) =>
    String(values[key] ?? ''),
  );
}

/** Plain text and HTML versions of one account e-mail. */
export function renderMail(kind: MailKind, locale: Locale, to: MailRecipient, values: MailValues) {
  const text = mailText(kind, locale, values.notice);
  // Older rows may hold a first name today's rule refuses (a sentence, a look-alike domain): such a
  // name is never written into a mail, which greets neutrally instead.
  const stored = to.first_name.trim();
  const name = isFirstName(stored) ? stored : '';
  const greeting = name
    ? fill(text.greeting, { ...values, name })
    : fill(text.greeting, { ...values, name: '' }).replace(/ ,$/, ',');
  const paragraphs = text.paragraphs.map((p) => fill(p, { ...values, name }));
  const plain = [greeting, ...paragraphs, `— ${BRAND_NAME}`, text.footer].join('\n\n');

  const htmlParagraph = (p: string) => {
    const escaped = escapeHtml(p);
    const withCode = values.code
      ? escaped.replace(values.code, `<strong style="font-size:20px;letter-spacing:4px">${values.code}</strong>`)
      : escaped;
    return values.link
      ? withCode.replace(escapeHtml(values.link), `<a href="${escapeHtml(values.link)}">${escapeHtml(values.link)}</a>`)
      : withCode;
  };
  const button =
    values.link && text.action
      ? `<p><a href="${escapeHtml(values.link)}" style="display:inline-block;padding:10px 18px;background:#0f766e;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(text.action)}</a></p>`
      : '';
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#1f2933;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${htmlParagraph(p)}</p>`).join('\n')}
${button}
<p>— ${escapeHtml(BRAND_NAME)}</p>
<p style="color:#6b7280;font-size:12px">${escapeHtml(text.footer)}</p>
</body></html>`;
  return { subject: text.subject, text: plain, html };
}

/** `${PUBLIC_URL}/{lang}/{path}`: every web route also exists under its language prefix (docs/product.md#routes). */
export function webLink(env: Pick<Env, 'PUBLIC_URL'>, locale: Locale, path: string): string {
  return `${env.PUBLIC_URL}/${locale}${path}`;
}

export interface AuthMailDeps {
  env: Pick<Env, 'PUBLIC_URL'>;
  mailer: Mailer;
  log: Logger;
}

/**
 * Sends the account e-mails without making the HTTP answer wait (timing must not tell whether an
 * account exists). Failures are logged without the body; `pending()` lets tests and shutdown wait.
 */
export function createAuthMails({ env, mailer, log }: AuthMailDeps) {
  const inFlight = new Set<Promise<void>>();

  const send = (kind: MailKind, locale: Locale, to: MailRecipient, values: MailValues) => {
    const mail = renderMail(kind, locale, to, values);
    const job = mailer
      .send({ to: to.email, subject: mail.subject, text: mail.text, html: mail.html })
      .then(() => undefined)
      .catch((error: unknown) => log.error('account mail failed', { kind, error: (error as Error).message }))
      .finally(() => inFlight.delete(job));
    inFlight.add(job);
  };

  return {
    verification(
      to: MailRecipient,
      locale: Locale,
      code: string,
      activationPath: string,
      minutes: number,
      hours: number,
      notice?: VerificationNotice,
    ) {
      const link = webLink(env, locale, activationPath);
      send('verification', locale, to, { code, link, minutes, hours, ...(notice ? { notice } : {}) });
    },
    registerAttempt(to: MailRecipient, locale: Locale) {
      send('registerAttempt', locale, to, { link: webLink(env, locale, '/forgot-password') });
    },
    passwordReset(to: MailRecipient, locale: Locale, resetPath: string, hours: number) {
      send('passwordReset', locale, to, { link: webLink(env, locale, resetPath), hours });
    },
    passwordChanged(to: MailRecipient, locale: Locale) {
      send('passwordChanged', locale, to, { link: webLink(env, locale, '/forgot-password') });
    },
    /** `subscriptionEnded`: the deletion ended a paid subscription; the mail says so. */
    accountDeleted(to: MailRecipient, locale: Locale, subscriptionEnded = false) {
      const kind = subscriptionEnded ? 'accountDeletedSubscriptionEnded' : 'accountDeleted';
      send(kind, locale, to, { link: webLink(env, locale, '/register') });
    },
    /**
     * Runs `work` (which may send mails) once the current HTTP answer has been written, so work that
     * exists only for real accounts never shows in the response time. Failures are logged.
     */
    afterResponse(work: () => void) {
      const job = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => log.error('deferred account work failed', { error: (error as Error).message }))
        .finally(() => inFlight.delete(job));
      inFlight.add(job);
    },
    /**
     * Resolves when every mail and deferred job has finished (or failed), those they start included:
     * a deferred job sends its mail as it runs, after this was called.
     */
    async pending(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
