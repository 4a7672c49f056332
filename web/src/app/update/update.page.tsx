import { useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { formatDate } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { APP_VERSION } from '../../lib/pwa/app-version';
import { updateStore } from '../../lib/pwa/update-store';
import { useDocumentTitle } from '../../lib/router/use-document-title';
import { PageFrame } from '../../lib/ui/page-frame';
import { CHANGELOG } from './changelog';
import './update.css';

/**
 * docs/product.md#plain-layout-pages /update (plain layout): the running version, what changed, and "reload to update" when a
 * new service worker is waiting (the same store as the app-wide prompt, lib/pwa: never a silent reload).
 */
export default function UpdatePage() {
  const intl = useIntl();
  const locale = useLocale();
  const waiting = useSyncExternalStore(updateStore.subscribe, updateStore.getSnapshot, () => false);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id: `update.${id}` }, values);
  useDocumentTitle(t('title'));

  return (
    <PageFrame narrow>
      <section className="panel" aria-labelledby="update-title">
        <h1 id="update-title">{t('title')}</h1>
        <p>
          {t('current')} <strong data-testid="app-version">{APP_VERSION}</strong>
        </p>
        {waiting ? (
          <div role="status" className="update-waiting" data-testid="update-waiting">
            <p>{t('waiting')}</p>
            <button type="button" className="btn btn--primary" onClick={() => updateStore.apply()}>
              {t('reload')}
            </button>
          </div>
        ) : (
          <p role="status" data-testid="update-latest">
            {t('latest')}
          </p>
        )}
      </section>
      <section className="panel" aria-labelledby="update-changes">
        <h2 id="update-changes">{t('changesTitle')}</h2>
        {CHANGELOG.map((release) => (
          <article key={release.version} data-testid={`release-${release.version}`}>
            <h3>
              {t('release', {
                version: release.version,
                date: formatDate(new Date(`${release.date}T12:00:00Z`), locale),
              })}
            </h3>
            <ul>
              {release.items.map((item) => (
                <li key={item}>{t(`changes.${item}`)}</li>
              ))}
            </ul>
          </article>
        ))}
      </section>
    </PageFrame>
  );
}
