import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { BRAND_NAME } from '@pharmaradar/shared/brand';
import './account-deleted-notice.css';

/**
 * The confirmation shown on the page reached right after an account deletion (the deletion
 * navigates with `state.accountDeleted`). Mounted once by the app so it also shows on home,
 * which has no shared layout.
 */
export function AccountDeletedNotice() {
  const intl = useIntl();
  const location = useLocation();
  const navigate = useNavigate();
  const deleted = (location.state as { accountDeleted?: unknown } | null)?.accountDeleted === true;
  if (!deleted) return null;
  return (
    <div className="account-toast" role="status" data-testid="account-deleted">
      <p>{intl.formatMessage({ id: 'account.delete.done' }, { brand: BRAND_NAME })}</p>
      <button
        type="button"
        className="account-toast__close"
        onClick={() =>
          void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null })
        }
      >
        {intl.formatMessage({ id: 'account.delete.dismiss' })}
      </button>
    </div>
  );
}
