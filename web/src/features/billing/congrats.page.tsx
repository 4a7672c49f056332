import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { LocalizedLink } from '../../lib/router/localized-link';
import { useDocumentTitle } from '../../lib/router/use-document-title';
import { useSession } from '../../lib/session/use-session';
import { PageFrame } from '../../lib/ui/page-frame';
import { Spinner } from '../../lib/ui/spinner';
import { checkSubscription } from './billing-api';
import { LoginRequired } from './login-required';
import { ButtonLink } from '../../lib/ui/button-link';
import './billing.css';

type Phase = 'pending' | 'syncing' | 'ok' | 'timeout';

/** Back-off between checks (ms) and the overall limit: the webhook usually lands within seconds. */
export const POLL_DELAYS_MS = [1000, 1500, 2000, 3000, 5000, 8000, 8000, 8000];

export default function CongratsPage() {
  const intl = useIntl();
  const { booted, isAuthenticated, user, setUser } = useSession();
  const [phase, setPhase] = useState<Phase>(user.isPro ? 'ok' : 'pending');
  const [round, setRound] = useState(0);
  useDocumentTitle(intl.formatMessage({ id: 'billing.congrats.title' }));

  useEffect(() => {
    if (!booted || !isAuthenticated) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async (attempt: number) => {
      try {
        const answer = await checkSubscription();
        if (cancelled) return;
        const next = setUser(answer);
        if (next.isPro) return setPhase('ok');
        if (next.subscription_status !== 'none' && next.subscription_status !== 'unknown') setPhase('syncing');
      } catch {
        // A failed check is retried like a not-yet-Pro answer, until the time limit.
      }
      if (cancelled) return;
      const delay = POLL_DELAYS_MS[attempt];
      if (delay === undefined) return setPhase('timeout');
      timer = setTimeout(() => void poll(attempt + 1), delay);
    };
    void poll(0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [booted, isAuthenticated, setUser, round]);

  if (!booted) return <PageFrame data-testid="billing-booting" />;
  if (!isAuthenticated) {
    return (
      <PageFrame>
        <LoginRequired from="/congrats" />
      </PageFrame>
    );
  }
  return (
    <PageFrame>
      <section className="panel" data-testid="congrats" data-phase={phase}>
        <h1>{intl.formatMessage({ id: 'billing.congrats.title' })}</h1>
        <p role="status" aria-live="polite">
          {phase !== 'ok' && phase !== 'timeout' ? <Spinner size="sm" /> : null}
          {intl.formatMessage({ id: `billing.congrats.${phase}` })}
        </p>
        {phase === 'timeout' ? (
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => {
              setPhase('pending');
              setRound((r) => r + 1);
            }}
          >
            {intl.formatMessage({ id: 'billing.congrats.retry' })}
          </button>
        ) : null}
        {phase === 'ok' ? (
          <p className="billing-next" data-testid="congrats-next">
            {intl.formatMessage({ id: 'billing.congrats.next' })}
          </p>
        ) : null}
        {phase === 'timeout' ? (
          <p className="billing-next" data-testid="congrats-next">
            <LocalizedLink to="/subscription">
              {intl.formatMessage({ id: 'billing.congrats.subscription' })}
            </LocalizedLink>
          </p>
        ) : null}
        <div className="billing-actions">
          {phase === 'ok' ? (
            <ButtonLink primary to="/pro">
              {intl.formatMessage({ id: 'billing.congrats.tool' })}
            </ButtonLink>
          ) : null}
          <ButtonLink to="/compte">{intl.formatMessage({ id: 'billing.congrats.account' })}</ButtonLink>
          <ButtonLink to="/">{intl.formatMessage({ id: 'billing.congrats.home' })}</ButtonLink>
        </div>
      </section>
    </PageFrame>
  );
}
