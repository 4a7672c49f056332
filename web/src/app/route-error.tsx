import { FormattedMessage } from 'react-intl';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import NotFoundPage from '../features/not-found/not-found.page';
import { LocalizedLink } from '../lib/router/localized-link';
import { isChunkLoadError } from './chunk-load';

/**
 * Error boundary of the pages (rendered inside their layout). A page chunk that fails to load —
 * a deploy replaced it or the connection dropped — gets a clear "reload" prompt (SPEC §8).
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  const chunk = isChunkLoadError(error);
  if (!chunk) console.error(error);
  const prefix = chunk ? 'errors.chunk' : 'errors.generic';
  return (
    <section className="status-page" role="alert" data-testid={chunk ? 'chunk-error' : 'route-error'}>
      <div className="status-page__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="30" height="30" focusable="false">
          {chunk ? (
            <path
              d="M20 12a8 8 0 1 1-2.34-5.66M20 4v4h-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          ) : (
            <path d="M12 6v8M12 17.5v.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          )}
        </svg>
      </div>
      <h1>
        <FormattedMessage id={`${prefix}.title`} />
      </h1>
      <p className="status-page__body">
        <FormattedMessage id={`${prefix}.body`} />
      </p>
      <div className="status-page__actions">
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          <FormattedMessage id={`${prefix}.reload`} />
        </button>
        {!chunk && (
          <LocalizedLink className="btn btn--secondary" to="/">
            <FormattedMessage id="errors.generic.home" />
          </LocalizedLink>
        )}
      </div>
    </section>
  );
}
