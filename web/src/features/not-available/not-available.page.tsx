import { FormattedMessage, useIntl } from 'react-intl';
import { LocalizedLink } from '../../lib/router/localized-link';
import { useDocumentTitle } from '../../lib/router/use-document-title';

/** Honest placeholder for a route whose screen a later issue builds: never a fake screen. */
export default function NotAvailablePage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'notfound.notAvailable.title' }));
  return (
    <section className="status-page" data-testid="not-available" aria-labelledby="not-available-title">
      <div className="status-page__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="30" height="30" focusable="false">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </div>
      <h1 id="not-available-title">
        <FormattedMessage id="notfound.notAvailable.title" />
      </h1>
      <p className="status-page__body">
        <FormattedMessage id="notfound.notAvailable.body" />
      </p>
      <div className="status-page__actions">
        <LocalizedLink className="btn btn--primary" to="/">
          <FormattedMessage id="notfound.notAvailable.home" />
        </LocalizedLink>
        <LocalizedLink className="btn btn--secondary" to="/about">
          <FormattedMessage id="notfound.notAvailable.about" />
        </LocalizedLink>
      </div>
    </section>
  );
}
