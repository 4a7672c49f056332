import { useCallback, useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { PushDevice } from '@pharmaradar/shared/push.schema';
import { isApiRequestError } from '../../../lib/api/client';
import { useOnlineStatus } from '../../../lib/network/use-online-status';
import { FormAlert } from '../../../lib/ui/form-alert';
import { LoadState } from '../../../lib/ui/load-state';
import { readAlertPreferences, saveAlertPreferences } from '../alerts-api';
import { PushControl } from './push-control';

const loadClient = () => import('./push-client');

/**
 * The account's "Notifications on this device": this device's switch, every device with push on
 * (each removable, this one marked) and whether alerts also go by e-mail.
 */
export function PushSection() {
  const intl = useIntl();
  const id = useId();
  const online = useOnlineStatus();
  const [devices, setDevices] = useState<PushDevice[] | 'loading' | 'failed'>('loading');
  const [email, setEmail] = useState<boolean | null>(null);
  // Removing this device in the list turns its switch off too: the switch is read again.
  const [controlKey, setControlKey] = useState(0);
  const [emailError, setEmailError] = useState<'no_channel' | 'failed' | null>(null);
  const [emailUnread, setEmailUnread] = useState(false);
  const t = (key: string, values?: Record<string, string>) => intl.formatMessage({ id: `alerts.push.${key}` }, values);

  const reload = useCallback(() => {
    loadClient()
      .then((client) => client.listPushDevices())
      .then(setDevices, () => setDevices('failed'));
  }, []);
  useEffect(() => {
    reload();
    readAlertPreferences().then(
      (read) => setEmail(read.email),
      () => setEmailUnread(true),
    );
  }, [reload]);

  const remove = async (device: PushDevice) => {
    try {
      await (await loadClient()).removePushDevice(device);
      if (device.current) setControlKey((key) => key + 1);
      reload();
    } catch {
      setDevices('failed');
    }
  };

  const changeEmail = async (next: boolean) => {
    setEmailError(null);
    try {
      setEmail((await saveAlertPreferences({ email: next })).email);
    } catch (error) {
      setEmailError(isApiRequestError(error) && error.code === 'no_channel' ? 'no_channel' : 'failed');
    }
  };

  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium' });
  return (
    <section className="account-card" aria-labelledby={`${id}-title`} data-testid="account-push">
      <h2 id={`${id}-title`}>{t('title')}</h2>
      <p className="account-hint">{t('intro')}</p>
      <PushControl key={controlKey} onChange={reload} />
      <h3>{t('devices.title')}</h3>
      {devices === 'loading' && <LoadState state="loading" text={t('devices.loading')} />}
      {/* A list that cannot be read is said quietly, as the alerts' is: an alert is for what a tap did. */}
      {devices === 'failed' && <p className="account-hint">{t('devices.failed')}</p>}
      {Array.isArray(devices) && devices.length === 0 && <p className="account-hint">{t('devices.empty')}</p>}
      {Array.isArray(devices) && devices.length > 0 && (
        <ul className="account-links">
          {devices.map((d) => (
            <li key={d.id} data-testid="push-device" data-current={d.current || undefined}>
              <span>
                {d.device} · {d.service} · {t('devices.since', { date: date(d.created_at) })}
                {d.current && <strong> · {t('devices.current')}</strong>}
              </span>{' '}
              <button
                type="button"
                className="btn btn--secondary"
                disabled={!online}
                onClick={() => void remove(d)}
                aria-label={t('devices.removeLabel', { device: d.device })}
              >
                {t('devices.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {email !== null && (
        <label className="account-check">
          <input
            type="checkbox"
            checked={email}
            disabled={!online}
            aria-describedby={emailError ? `${id}-email` : undefined}
            onChange={(e) => void changeEmail(e.target.checked)}
            data-testid="alert-email"
          />{' '}
          {t('email.label')}
        </label>
      )}
      {emailUnread && <p className="account-hint">{t('email.unread')}</p>}
      <FormAlert id={`${id}-email`}>{emailError && t(`email.${emailError}`)}</FormAlert>
    </section>
  );
}
