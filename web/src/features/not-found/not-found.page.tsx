import { FormattedMessage, useIntl } from 'react-intl';
import { LocalizedLink } from '../../lib/router/localized-link';
import { useDocumentTitle } from '../../lib/router/use-document-title';

export default function NotFoundPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'notfound.title' }));
  return (
    <section className="status-page" data-testid="not-found" aria-labelledby="not-found-title">
      <div className="status-page__icon" aria-hidden="true">
        404
      </div>
      <h1 id="not-found-title">
        <FormattedMessage id="notfound.title" />
      </h1>
      <p className="status-page__body">
        <FormattedMessage id="notfound.body" />
      </p>
      <div className="status-page__actions">
        <LocalizedLink className="btn btn--primary" to="/">
          <FormattedMessage id="notfound.home" />
        </LocalizedLink>
        <LocalizedLink className="btn btn--secondary" to="/about">
          <FormattedMessage id="notfound.about" />
        </LocalizedLink>
      </div>
    </section>
  );
}
