import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useDocumentTitle } from '../../lib/router/use-document-title';
import { useSession } from '../../lib/session/use-session';
import { CatalogueSection } from './catalogue-section';
import { FeedsSection } from './feeds-section';
import { MarketSection } from './market-section';
import { MessagesSection } from './messages-section';
import { CheckSection, HealthSection } from './retailers-section';
import { AuditSection, StatsSection } from './stats-audit-sections';
import { UsersSection } from './users-section';
import './admin.css';

const SECTIONS = ['users', 'messages', 'health', 'check', 'stats', 'catalogue', 'market', 'audit'] as const;

/**
 * The staff admin (/admin, plain layout). Only staff get here: app/staff-only.tsx shows everyone else
 * the 404 page, and the API answers them 404 anyway.
 */
export default function AdminPage() {
  const intl = useIntl();
  const { user } = useSession();
  const t = (id: string) => intl.formatMessage({ id: `admin.${id}` });
  useDocumentTitle(t('title'));
  // Every staff action bumps it: the audit log reloads and shows the new entry.
  const [version, setVersion] = useState(0);
  const changed = useCallback(() => setVersion((v) => v + 1), []);
  return (
    <div className="admin-page">
      <h1>{t('title')}</h1>
      <nav aria-label={t('sectionsLabel')} className="admin-nav">
        <ul>
          {SECTIONS.map((id) => (
            <li key={id}>
              <a href={`#admin-${id}-title`}>{t(`${id}.title`)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <UsersSection onChanged={changed} selfId={user.id} />
      <MessagesSection />
      <HealthSection />
      <CheckSection onChanged={changed} />
      <StatsSection />
      <CatalogueSection />
      <FeedsSection />
      <MarketSection />
      <AuditSection version={version} />
    </div>
  );
}
