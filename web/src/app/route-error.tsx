import { FormattedMessage, useIntl } from 'react-intl';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import NotFoundPage from './not-found/not-found.page';
import { AlertIcon, ReloadIcon } from '../lib/ui/icons';
import { StatusPage } from '../lib/ui/status-page';
import { isChunkLoadError } from './chunk-load';

/**
 * Error boundary of the pages (rendered inside their layout). A page chunk that fails to load —
 * a deploy replaced it or the connection dropped — gets a clear "reload" prompt (docs/product.md#messages).
 */
export function RouteError() {
  const error = useRouteError();
  const intl = useIntl();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  const chunk = isChunkLoadError(error);
  if (!chunk) console.error(error);
  const prefix = chunk ? 'errors.chunk' : 'errors.generic';
  return (
    <StatusPage
      id={chunk ? 'chunk-error' : 'route-error'}
      alert
      documentTitle={false}
      icon={chunk ? <ReloadIcon /> : <AlertIcon />}
      title={intl.formatMessage({ id: `${prefix}.title` })}
      body={<FormattedMessage id={`${prefix}.body`} />}
      actions={
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          <FormattedMessage id={`${prefix}.reload`} />
        </button>
      }
      links={chunk ? [] : [{ to: '/', label: <FormattedMessage id="errors.generic.home" /> }]}
    />
  );
}
