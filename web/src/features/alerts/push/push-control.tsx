import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { FormAlert } from '../../../lib/ui/form-alert';
import { Spinner } from '../../../lib/ui/spinner';
import { useOnlineStatus } from '../../../lib/network/use-online-status';
import type { PushFailure, PushState } from './push-client';
import './push-control.css';

// Loaded on use: the client (and the shapes it validates) stays out of the page's own chunk.
const loadClient = () => import('./push-client');

/**
 * "Notifications on this device": its state read from the browser, turned on or off by a tap (the
 * browser's permission is asked then, never on load). Every state says what it means and what to do.
 */
export function PushControl({
  variant = 'account',
  onChange,
}: {
  variant?: 'account' | 'alert';
  onChange?: () => void;
}) {
  const intl = useIntl();
  const id = useId();
  const online = useOnlineStatus();
  const [state, setState] = useState<PushState | 'loading'>('loading');
  const [note, setNote] = useState<PushFailure | 'dismissed' | null>(null);
  const [busy, setBusy] = useState(false);
  const t = (key: string) => intl.formatMessage({ id: `alerts.push.${key}` });

  useEffect(() => {
    let live = true;
    loadClient()
      .then((client) => client.readPushState())
      .then(
        (read) => live && setState(read),
        () => live && setState('unsupported'),
      );
    return () => {
      live = false;
    };
  }, []);

  const change = async (on: boolean) => {
    setBusy(true);
    setNote(null);
    const client = await loadClient().catch(() => null);
    try {
      if (!client) throw new Error('push client not loaded');
      const next = on ? await client.turnPushOn() : await client.turnPushOff();
      if (on && next === 'off') setNote('dismissed');
      setState(next);
      onChange?.();
    } catch (error) {
      setNote(client && error instanceof client.PushError ? error.failure : 'network');
    } finally {
      setBusy(false);
    }
  };

  const offlineId = `${id}-offline`;
  const button = (on: boolean) => (
    <button
      type="button"
      className={`btn ${on ? 'btn--primary' : 'btn--secondary'}`}
      data-testid="push-toggle"
      disabled={busy || !online}
      aria-describedby={online ? undefined : offlineId}
      onClick={() => void change(on)}
    >
      {busy && <Spinner size="sm" />} {variant === 'alert' && on ? t('alsoNotify') : t(on ? 'turnOn' : 'turnOff')}
    </button>
  );

  return (
    <div className="push-control" data-testid="push-control" data-state={state}>
      {state === 'loading' && (
        <p role="status">
          <Spinner size="sm" /> {t('loading')}
        </p>
      )}
      {(state === 'unsupported' || state === 'install' || state === 'denied') && (
        <p className="account-hint" data-testid="push-state">
          {t(state)}
        </p>
      )}
      {(state === 'on' || state === 'off') && (
        <>
          {(variant === 'account' || state === 'on') && (
            <p role="status" data-testid="push-state">
              {t(state)}
            </p>
          )}
          {button(state === 'off')}
          {!online && (
            <p id={offlineId} className="account-hint" data-testid="push-offline">
              {t('offline')}
            </p>
          )}
        </>
      )}
      <FormAlert id={`${id}-note`} tone={note === 'dismissed' ? 'info' : 'error'}>
        {note && (note === 'dismissed' ? t('dismissed') : t(`failed.${note}`))}
      </FormAlert>
    </div>
  );
}
