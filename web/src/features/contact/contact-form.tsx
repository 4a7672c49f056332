import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { CONTACT_LIMITS } from '@pharmaradar/shared/contact.schema';
import { FormattedMessage, useIntl } from 'react-intl';
import { api, isApiRequestError } from '../../lib/api/client';
import { LocalizedLink } from '../../lib/router/localized-link';
import { EMAIL_INPUT } from '../../lib/ui/email-field';
import { CONTACT_FIELDS, validateContact, type ContactField, type ContactValues } from './contact-validation';

const EMPTY: ContactValues = { name: '', email: '', message: '' };

type FormState =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'success' } | { kind: 'error'; text: string; attempt: number };

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The contact form (docs/product.md#information-pages, docs/product.md#validation, docs/product.md#messages): validates with the shared schema, then POST /api/contact/. */
export function ContactForm() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [params] = useSearchParams();
  // docs/architecture.md#settled-choices: 'Contact us' for Ultra (plans page) opens /contact?subject=ultra with a first line written.
  const [values, setValues] = useState<ContactValues>(() =>
    params.get('subject') === 'ultra'
      ? { ...EMPTY, message: `${intl.formatMessage({ id: 'contact.form.ultraSubject' })}\n\n` }
      : EMPTY,
  );
  const [state, setState] = useState<FormState>({ kind: 'idle' });
  const [invalid, setInvalid] = useState<readonly ContactField[]>([]);
  const fieldRefs = useRef<Partial<Record<ContactField, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const inFlight = useRef<AbortController | null>(null);
  // Remounting the alert on every failed attempt makes screen readers announce a repeated message.
  const attempts = useRef(0);

  // Leaving the page cancels a pending send; its outcome then has nobody to be shown to.
  useEffect(() => () => inFlight.current?.abort(), []);

  const sending = state.kind === 'sending';

  const onChange = (field: ContactField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    setInvalid((current) => current.filter((f) => f !== field));
    if (state.kind === 'success') setState({ kind: 'idle' });
  };

  const fail = (text: string, fields: readonly ContactField[]) => {
    setInvalid(fields);
    attempts.current += 1;
    setState({ kind: 'error', text, attempt: attempts.current });
    const first = CONTACT_FIELDS.find((f) => fields.includes(f));
    if (first) fieldRefs.current[first]?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const checked = validateContact(values);
    if (!checked.ok) {
      fail(t(`contact.errors.${checked.error}`), checked.fields);
      return;
    }
    // No request while offline: say so and keep the text for later.
    if (isOffline()) {
      fail(t('contact.errors.offline'), []);
      return;
    }
    setInvalid([]);
    setState({ kind: 'sending' });
    const controller = new AbortController();
    inFlight.current = controller;
    try {
      await api.post('/contact/', checked.data, { signal: controller.signal });
      if (controller.signal.aborted) return;
      setValues(EMPTY);
      setState({ kind: 'success' });
    } catch (error) {
      if (controller.signal.aborted) return;
      if (isApiRequestError(error) && (error.status === 400 || error.status === 429) && error.detail) {
        // The server's own translated reason (rate limit, a rule the client does not know).
        fail(
          error.detail,
          CONTACT_FIELDS.filter((f) => error.fields?.[f]),
        );
      } else {
        fail(t(isOffline() ? 'contact.errors.offline' : 'contact.errors.failed'), []);
      }
    } finally {
      if (inFlight.current === controller) inFlight.current = null;
    }
  };

  const fieldProps = (field: ContactField) => ({
    id: `contact-${field}`,
    name: field,
    value: values[field],
    onChange: onChange(field),
    required: true,
    maxLength: CONTACT_LIMITS[field],
    'aria-invalid': invalid.includes(field) || undefined,
    'aria-describedby': invalid.includes(field) ? 'contact-error' : undefined,
  });

  return (
    <form
      className="contact-form"
      data-testid="contact-form"
      noValidate
      aria-busy={sending}
      aria-labelledby="contact-form-title"
      onSubmit={(event) => void onSubmit(event)}
    >
      <div className="contact-field input-field">
        <label htmlFor="contact-name">
          <FormattedMessage id="contact.form.name" />
        </label>
        <input
          {...fieldProps('name')}
          ref={(el) => {
            fieldRefs.current.name = el;
          }}
          type="text"
          autoComplete="name"
        />
      </div>
      <div className="contact-field input-field">
        <label htmlFor="contact-email">
          <FormattedMessage id="contact.form.email" />
        </label>
        <input
          {...fieldProps('email')}
          ref={(el) => {
            fieldRefs.current.email = el;
          }}
          {...EMAIL_INPUT}
          autoComplete="email"
        />
      </div>
      <div className="contact-field input-field">
        <label htmlFor="contact-message">
          <FormattedMessage id="contact.form.message" />
        </label>
        <textarea
          {...fieldProps('message')}
          ref={(el) => {
            fieldRefs.current.message = el;
          }}
          rows={7}
          aria-describedby={['contact-message-hint', invalid.includes('message') ? 'contact-error' : '']
            .filter(Boolean)
            .join(' ')}
        />
        <p id="contact-message-hint" className="contact-field__hint">
          <FormattedMessage id="contact.form.messageHint" />
        </p>
      </div>

      {state.kind === 'error' ? (
        <p
          key={state.attempt}
          id="contact-error"
          role="alert"
          className="contact-form__message contact-form__message--error"
        >
          {state.text}
        </p>
      ) : null}
      <div role="status" aria-live="polite" className="contact-form__message contact-form__message--success">
        {state.kind === 'success' ? <FormattedMessage id="contact.success" /> : null}
      </div>

      <button type="submit" className="btn btn--primary contact-form__submit" disabled={sending}>
        <FormattedMessage id={sending ? 'contact.form.sending' : 'contact.form.submit'} />
      </button>
      <p className="contact-form__note">
        <FormattedMessage id="contact.form.privacyNote" />{' '}
        <LocalizedLink to="/privacy">
          <FormattedMessage id="contact.form.privacyLink" />
        </LocalizedLink>
      </p>
    </form>
  );
}
