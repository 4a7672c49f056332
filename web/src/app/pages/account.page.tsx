import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/router/use-document-title';
import { useLocalizedPath } from '../../lib/router/use-localized-path';
import { useSession } from '../../lib/session/use-session';
import { AlertsSection } from '../../features/alerts/alerts-section';
import { PushSection } from '../../features/alerts/push/push-section';
import { DataExportSection } from '../../features/accounts/data-export-section';
import { HelpSection } from '../../features/accounts/help-section';
import { ProfileSection } from '../../features/accounts/profile-section';
import { SecuritySection } from '../../features/accounts/security-section';
import { SubscriptionSection } from '../../features/billing/subscription-section';
import { Spinner } from '../../lib/ui/spinner';
import { ButtonLink } from '../../lib/ui/button-link';
import './account.css';

export default function AccountPage() {
  const intl = useIntl();
  const { booted, isAuthenticated, user } = useSession();
  const [params] = useSearchParams();
  const localize = useLocalizedPath();
  const highlightPro = params.get('highlight') === 'pro';
  useDocumentTitle(intl.formatMessage({ id: 'account.title' }));

  useEffect(() => {
    if (!highlightPro || !isAuthenticated) return;
    document.getElementById('subscription')?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [highlightPro, isAuthenticated]);

  // Nothing is decided before the session check finishes (docs/product.md#routes).
  if (!booted) {
    return (
      <div className="account-page">
        <p className="account-status" role="status" aria-live="polite" data-testid="account-loading">
          <Spinner />
          {intl.formatMessage({ id: 'account.loading' })}
        </p>
      </div>
    );
  }

  if (!isAuthenticated) {
    return (
      <div className="account-page">
        <section
          className="account-card account-card--narrow"
          aria-labelledby="login-required-title"
          data-testid="login-required"
        >
          <h1 id="login-required-title">{intl.formatMessage({ id: 'account.loginRequired.title' })}</h1>
          <p>{intl.formatMessage({ id: 'account.loginRequired.body' })}</p>
          <div className="account-actions">
            <ButtonLink primary to={`/login?from=${encodeURIComponent(localize('/compte'))}`}>
              {intl.formatMessage({ id: 'account.loginRequired.login' })}
            </ButtonLink>
            <ButtonLink to="/register">{intl.formatMessage({ id: 'account.loginRequired.register' })}</ButtonLink>
          </div>
        </section>
      </div>
    );
  }

  const name = user.first_name?.trim() || user.email || '';
  return (
    <div className="account-page">
      <header className="account-header">
        <h1>{intl.formatMessage({ id: 'account.title' })}</h1>
        <p className="account-header__greeting">{intl.formatMessage({ id: 'account.greeting' }, { name })}</p>
      </header>
      <div className="account-grid">
        <div className="account-grid__main">
          <ProfileSection />
          <SubscriptionSection highlighted={highlightPro} />
        </div>
        <div className="account-grid__side">
          <AlertsSection />
          <PushSection />
          <SecuritySection />
          <DataExportSection />
          <HelpSection />
        </div>
      </div>
    </div>
  );
}
