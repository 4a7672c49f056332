import { useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { BRAND_NAME } from '@pharmaradar/shared';
import { userResponseSchema } from '@pharmaradar/shared/user.schema';
import { api, isApiRequestError } from '../../lib/api/client';
import { useModalFocus } from '../../lib/a11y/modal-focus';
import './pharmacist-gate.css';

/** What the gate says when saving fails: the server's (translated) detail, else our own message. */
export function gateErrorText(error: unknown, fallback: string): string {
  if (isApiRequestError(error)) return error.status > 0 && error.detail ? error.detail : fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}

export function PharmacistGateDialog({ onSaved }: { onSaved: (raw: unknown) => void }) {
  const intl = useIntl();
  const dialogRef = useRef<HTMLDivElement>(null);
  const [answer, setAnswer] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Blocking: no Escape handler, no close button (SPEC §2).
  useModalFocus(dialogRef);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (answer === null) {
      setError(intl.formatMessage({ id: 'account.gate.required' }));
      dialogRef.current?.querySelector<HTMLInputElement>('input[name="is_pharmacist"]')?.focus();
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const response = await api.patch(
        '/auth/update-profile/',
        { is_pharmacist: answer },
        { schema: userResponseSchema },
      );
      onSaved(response);
    } catch (failure) {
      setError(gateErrorText(failure, intl.formatMessage({ id: 'account.gate.error' })));
      setSaving(false);
    }
  }

  return createPortal(
    <div className="gate-backdrop" data-modal-root="">
      <div
        ref={dialogRef}
        className="gate"
        role="dialog"
        aria-modal="true"
        aria-labelledby="gate-title"
        aria-describedby="gate-body"
        data-testid="pharmacist-gate"
        tabIndex={-1}
      >
        <h2 id="gate-title" className="gate__title">
          {intl.formatMessage({ id: 'account.gate.title' })}
        </h2>
        <p id="gate-body" className="gate__body">
          {intl.formatMessage({ id: 'account.gate.body' }, { brand: BRAND_NAME })}
        </p>
        <form className="gate__form" noValidate onSubmit={onSubmit}>
          <fieldset
            className="gate__choices"
            aria-invalid={error && answer === null ? true : undefined}
            aria-describedby={error ? 'gate-error' : undefined}
          >
            <legend className="visually-hidden">{intl.formatMessage({ id: 'account.gate.legend' })}</legend>
            {(['yes', 'no'] as const).map((option) => (
              <label key={option} className="gate__choice">
                <input
                  type="radio"
                  name="is_pharmacist"
                  value={option}
                  checked={answer === (option === 'yes')}
                  onChange={() => {
                    setAnswer(option === 'yes');
                    setError(null);
                  }}
                  disabled={saving}
                />
                <span>{intl.formatMessage({ id: `account.gate.${option}` })}</span>
              </label>
            ))}
          </fieldset>
          {error ? (
            <p id="gate-error" className="gate__error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="btn btn--primary gate__submit" disabled={saving}>
            {intl.formatMessage({ id: saving ? 'account.gate.saving' : 'account.gate.submit' })}
          </button>
        </form>
      </div>
    </div>,
    document.body,
  );
}
