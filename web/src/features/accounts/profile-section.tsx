import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { userResponseSchema } from '@pharmaradar/shared/user.schema';
import { api, isApiRequestError } from '../../lib/api/client';
import { formatDate } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { useSession } from '../../lib/session/use-session';

type Mode = 'view' | 'editing' | 'saving';

interface Draft {
  first_name: string;
  last_name: string;
  is_pharmacist: boolean | null;
}

/** Personal data: view, editing, saving (docs/product.md#states); a saved profile replaces the session user. */
export function ProfileSection() {
  const intl = useIntl();
  const locale = useLocale();
  const { user, setUser } = useSession();
  const [mode, setMode] = useState<Mode>('view');
  const [draft, setDraft] = useState<Draft>({ first_name: '', last_name: '', is_pharmacist: null });
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);

  function startEditing() {
    setDraft({ first_name: user.first_name ?? '', last_name: user.last_name ?? '', is_pharmacist: user.is_pharmacist });
    setError(null);
    setFieldErrors({});
    setSaved(false);
    setMode('editing');
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (mode !== 'editing') return;
    const first = draft.first_name.trim();
    const last = draft.last_name.trim();
    if (!first || !last) {
      setError(intl.formatMessage({ id: 'account.profile.required' }));
      setFieldErrors({});
      return;
    }
    setMode('saving');
    setError(null);
    try {
      const body =
        draft.is_pharmacist === null
          ? { first_name: first, last_name: last }
          : { first_name: first, last_name: last, is_pharmacist: draft.is_pharmacist };
      const response = await api.patch('/auth/update-profile/', body, { schema: userResponseSchema });
      setUser(response);
      setSaved(true);
      setMode('view');
    } catch (failure) {
      setFieldErrors(isApiRequestError(failure) ? (failure.fields ?? {}) : {});
      setError(intl.formatMessage({ id: 'account.profile.saveError' }));
      setMode('editing');
    }
  }

  const yesNo = (value: boolean | null) =>
    intl.formatMessage({
      id: value === null ? 'account.profile.notSet' : value ? 'account.profile.yes' : 'account.profile.no',
    });

  return (
    <section className="account-card" aria-labelledby="profile-title" data-testid="profile-section">
      <div className="account-card__head">
        <h2 id="profile-title">{intl.formatMessage({ id: 'account.profile.title' })}</h2>
        {mode === 'view' ? (
          <button type="button" className="btn btn--secondary account-card__action" onClick={startEditing}>
            {intl.formatMessage({ id: 'account.profile.edit' })}
          </button>
        ) : null}
      </div>
      {saved && mode === 'view' ? (
        <p className="account-notice account-notice--success" role="status">
          {intl.formatMessage({ id: 'account.profile.saved' })}
        </p>
      ) : null}
      {mode === 'view' ? (
        <dl className="account-facts">
          <div>
            <dt>{intl.formatMessage({ id: 'account.profile.firstName' })}</dt>
            <dd data-testid="profile-first-name">{user.first_name || '—'}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'account.profile.lastName' })}</dt>
            <dd data-testid="profile-last-name">{user.last_name || '—'}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'account.profile.email' })}</dt>
            <dd className="account-facts__email">{user.email}</dd>
          </div>
          <div>
            <dt>{intl.formatMessage({ id: 'account.profile.pharmacist' })}</dt>
            <dd data-testid="profile-pharmacist">{yesNo(user.is_pharmacist)}</dd>
          </div>
          {user.date_joined ? (
            <div>
              <dt>{intl.formatMessage({ id: 'account.profile.memberSince' })}</dt>
              <dd>{formatDate(user.date_joined, locale)}</dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <form className="account-form" noValidate onSubmit={onSubmit} aria-busy={mode === 'saving'}>
          <div className="account-form__row">
            <ProfileInput
              name="first_name"
              label={intl.formatMessage({ id: 'account.profile.firstName' })}
              autoComplete="given-name"
              value={draft.first_name}
              onChange={(v) => setDraft((d) => ({ ...d, first_name: v }))}
              invalid={Boolean(fieldErrors.first_name) || (Boolean(error) && !draft.first_name.trim())}
              fieldError={fieldErrors.first_name}
              disabled={mode === 'saving'}
            />
            <ProfileInput
              name="last_name"
              label={intl.formatMessage({ id: 'account.profile.lastName' })}
              autoComplete="family-name"
              value={draft.last_name}
              onChange={(v) => setDraft((d) => ({ ...d, last_name: v }))}
              invalid={Boolean(fieldErrors.last_name) || (Boolean(error) && !draft.last_name.trim())}
              fieldError={fieldErrors.last_name}
              disabled={mode === 'saving'}
            />
          </div>
          <p className="account-hint">{intl.formatMessage({ id: 'account.profile.emailNote' })}</p>
          <fieldset className="account-choice">
            <legend>{intl.formatMessage({ id: 'account.gate.legend' })}</legend>
            {(['yes', 'no'] as const).map((option) => (
              <label key={option} className="account-choice__option">
                <input
                  type="radio"
                  name="is_pharmacist"
                  value={option}
                  checked={draft.is_pharmacist === (option === 'yes')}
                  onChange={() => setDraft((d) => ({ ...d, is_pharmacist: option === 'yes' }))}
                  disabled={mode === 'saving'}
                />
                <span>{intl.formatMessage({ id: `account.profile.${option}` })}</span>
              </label>
            ))}
          </fieldset>
          {error ? (
            <p className="account-notice account-notice--error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="account-actions">
            <button type="submit" className="btn btn--primary" disabled={mode === 'saving'}>
              {intl.formatMessage({ id: mode === 'saving' ? 'account.profile.saving' : 'account.profile.save' })}
            </button>
            <button
              type="button"
              className="btn btn--secondary"
              disabled={mode === 'saving'}
              onClick={() => setMode('view')}
            >
              {intl.formatMessage({ id: 'account.profile.cancel' })}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

interface ProfileInputProps {
  name: string;
  label: string;
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  fieldError: string | undefined;
  disabled: boolean;
}

function ProfileInput({
  name,
  label,
  autoComplete,
  value,
  onChange,
  invalid,
  fieldError,
  disabled,
}: ProfileInputProps) {
  const id = `profile-${name}`;
  return (
    <div className="account-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        autoComplete={autoComplete}
        maxLength={150}
        required
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={fieldError ? `${id}-error` : undefined}
      />
      {fieldError ? (
        <p id={`${id}-error`} className="account-field__error">
          {fieldError}
        </p>
      ) : null}
    </div>
  );
}
