import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { BRAND_NAME } from '@pharmaradar/shared/brand';
import { api, isApiRequestError } from '../../lib/api/client';
import { LocalizedLink, useDocumentTitle } from '../../lib/router';
import { useSession } from '../../lib/session';
import { AuthCard } from './auth-card';
import { errorText } from './auth-errors';
import { FormAlert } from '../../lib/ui/form-alert';
import { Spinner } from '../../lib/ui/spinner';

type Phase = 'loading' | 'success' | 'error';

export default function ActivatePage() {
  const intl = useIntl();
  const { uid = '', token = '' } = useParams();
  const { reload, isAuthenticated } = useSession();
  const [phase, setPhase] = useState<Phase>('loading');
  const [message, setMessage] = useState<string | null>(null);
  // The link is single use: React's development double effect must not spend it twice.
  const started = useRef(false);
  useDocumentTitle(intl.formatMessage({ id: 'auth.activate.title' }));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        await api.post('/auth/activate/', { uid, token });
        // The server logged the user in (docs/architecture.md#accounts-and-security): pick up the new session.
        await reload();
        setPhase('success');
      } catch (error) {
        const linkProblem =
          isApiRequestError(error) && error.status >= 400 && error.status < 500 && error.status !== 429;
        setMessage(linkProblem ? null : errorText(intl, error, 'auth.errors.generic'));
        setPhase('error');
      }
    })();
  }, [uid, token, reload, intl]);

  if (phase === 'loading') {
    return (
      <AuthCard title={intl.formatMessage({ id: 'auth.activate.title' })}>
        <p className="auth-status" role="status" aria-live="polite">
          <Spinner />
          {intl.formatMessage({ id: 'auth.activate.loading' })}
        </p>
      </AuthCard>
    );
  }

  if (phase === 'success') {
    return (
      <AuthCard title={intl.formatMessage({ id: 'auth.activate.successTitle' })}>
        <div className="auth-icon auth-icon--success" aria-hidden="true">
          ✓
        </div>
        <p role="status">{intl.formatMessage({ id: 'auth.activate.successBody' }, { brand: BRAND_NAME })}</p>
        <div className="auth-actions">
          {isAuthenticated ? (
            <LocalizedLink className="btn btn--primary" to="/">
              {intl.formatMessage({ id: 'auth.activate.continue' })}
            </LocalizedLink>
          ) : (
            <LocalizedLink className="btn btn--primary" to="/login">
              {intl.formatMessage({ id: 'auth.activate.login' })}
            </LocalizedLink>
          )}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={intl.formatMessage({ id: 'auth.activate.errorTitle' })}>
      <div className="auth-icon auth-icon--error" aria-hidden="true">
        !
      </div>
      <FormAlert id="activate-error">
        {message ?? intl.formatMessage({ id: 'auth.errors.activationInvalid' })}
      </FormAlert>
      <div className="auth-actions">
        <LocalizedLink className="btn btn--primary" to="/login">
          {intl.formatMessage({ id: 'auth.activate.login' })}
        </LocalizedLink>
        <LocalizedLink className="btn btn--secondary" to="/register">
          {intl.formatMessage({ id: 'auth.activate.register' })}
        </LocalizedLink>
      </div>
    </AuthCard>
  );
}
