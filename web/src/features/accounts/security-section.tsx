import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocalizedNavigate } from '../../lib/router/use-localized-navigate';
import { useSession } from '../../lib/session/use-session';
import { DeleteDialog } from './delete-dialog';
import { ButtonLink } from '../../lib/ui/button-link';

export function SecuritySection() {
  const intl = useIntl();
  const navigate = useLocalizedNavigate();
  const { logout } = useSession();
  const [deleting, setDeleting] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);

  async function onLogout() {
    setLoggingOut(true);
    if (await logout()) navigate('/');
    else setLoggingOut(false); // stayed to sync unsynced Pro changes first
  }

  return (
    <section className="account-card" aria-labelledby="security-title" data-testid="security-section">
      <h2 id="security-title">{intl.formatMessage({ id: 'account.security.title' })}</h2>
      <div className="account-row">
        <div>
          <h3 className="account-row__title">{intl.formatMessage({ id: 'account.security.password' })}</h3>
          <p className="account-hint">{intl.formatMessage({ id: 'account.security.passwordHint' })}</p>
        </div>
        <ButtonLink to="/forgot-password">{intl.formatMessage({ id: 'account.security.changePassword' })}</ButtonLink>
      </div>
      <div className="account-row">
        <div>
          <h3 className="account-row__title">{intl.formatMessage({ id: 'account.security.logout' })}</h3>
          <p className="account-hint">{intl.formatMessage({ id: 'account.security.logoutHint' })}</p>
        </div>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => void onLogout()}
          disabled={loggingOut}
          data-testid="account-logout"
        >
          {intl.formatMessage({ id: 'account.security.logout' })}
        </button>
      </div>
      <div className="account-row account-row--danger">
        <div>
          <h3 className="account-row__title">{intl.formatMessage({ id: 'account.security.delete' })}</h3>
          <p className="account-hint">{intl.formatMessage({ id: 'account.security.deleteHint' })}</p>
        </div>
        <button
          type="button"
          className="btn account-danger"
          onClick={() => setDeleting(true)}
          data-testid="account-delete"
        >
          {intl.formatMessage({ id: 'account.security.delete' })}
        </button>
      </div>
      {deleting ? <DeleteDialog onClose={() => setDeleting(false)} /> : null}
    </section>
  );
}
