import { useIntl } from 'react-intl';
import { formatDateTime } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { AdminSection } from './admin-section';
import { adminApi } from './admin-api';
import { useAdminLoad } from './use-admin-load';

const fetchMessages = async () => (await adminApi.messages()).messages;

/** Contact messages, priority ones (Pro and Ultra senders) first. */
export function MessagesSection() {
  const intl = useIntl();
  const locale = useLocale();
  const t = (id: string) => intl.formatMessage({ id: `admin.messages.${id}` });
  const { load, reload } = useAdminLoad(fetchMessages);
  return (
    <AdminSection id="messages" load={load} onRetry={() => void reload()} isEmpty={(m) => m.length === 0}>
      {(messages) => (
        <ul className="admin-messages">
          {messages.map((m) => (
            <li key={m.id} className={m.priority ? 'admin-message admin-message--priority' : 'admin-message'}>
              <p className="admin-message__head">
                {m.priority ? <strong className="admin-badge">{t('priority')}</strong> : null} <span>{m.name}</span> ·{' '}
                <a href={`mailto:${m.email}`}>{m.email}</a> · <span>{formatDateTime(m.created_at, locale)}</span> ·{' '}
                <span>{m.locale}</span>
                {m.mail_status === 'failed' ? <span className="admin-error"> · {t('mailFailed')}</span> : null}
              </p>
              <p className="admin-message__text">{m.message}</p>
            </li>
          ))}
        </ul>
      )}
    </AdminSection>
  );
}
