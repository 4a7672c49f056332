import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { BRAND_NAME } from '@pharmaradar/shared/brand';
import { api, isApiRequestError } from '../../lib/api/client';
import { Dialog } from '../../lib/ui/dialog';
import { YesNoChoice } from '../../lib/ui/yes-no-choice';
import './pharmacist-gate.css';

/** What the gate says when saving fails: the server's (translated) detail, else our own message. */
export function gateErrorText(error: unknown, fallback: string): string {
  if (isApiRequestError(error)) return error.status > 0 && error.detail ? error.detail : fallback;
  return error instanceof Error && error.message ? error.message : fallback;
}

export function PharmacistGateDialog({ onSaved }: { onSaved: (raw: unknown) => void }) {
  const intl = useIntl();
  const [answer, setAnswer] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    if (answer === null) {
      setError(intl.formatMessage({ id: 'account.gate.required' }));
      event.currentTarget.querySelector<HTMLInputElement>('input[name="is_pharmacist"]')?.focus();
      return;
    }
    setSaving(true);
    setError(null);
    try {
      // Loaded on use: the gate is part of the first JavaScript and zod is not (ADR 036).
      const { userResponseSchema } = await import('@pharmaradar/shared/user.schema');
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

  // Blocking: no onClose, so neither Escape nor the backdrop closes it, and no close button (docs/product.md#shell).
  return (
    <Dialog labelledBy="gate-title" describedBy="gate-body" className="gate" testId="pharmacist-gate">
      <h2 id="gate-title" className="gate__title">
        {intl.formatMessage({ id: 'account.gate.title' })}
      </h2>
      <p id="gate-body" className="gate__body">
        {intl.formatMessage({ id: 'account.gate.body' }, { brand: BRAND_NAME })}
      </p>
      <form className="gate__form" noValidate onSubmit={onSubmit}>
        <YesNoChoice
          idPrefix="gate"
          name="is_pharmacist"
          layout="stacked"
          legend={intl.formatMessage({ id: 'account.gate.legend' })}
          legendHidden
          yesLabel={intl.formatMessage({ id: 'account.gate.yes' })}
          noLabel={intl.formatMessage({ id: 'account.gate.no' })}
          value={answer}
          onChange={(value) => {
            setAnswer(value);
            setError(null);
          }}
          invalid={Boolean(error) && answer === null}
          describedBy={error ? 'gate-error' : undefined}
          disabled={saving}
        />
        {error ? (
          <p id="gate-error" className="gate__error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary gate__submit" disabled={saving}>
          {intl.formatMessage({ id: saving ? 'account.gate.saving' : 'account.gate.submit' })}
        </button>
      </form>
    </Dialog>
  );
}
