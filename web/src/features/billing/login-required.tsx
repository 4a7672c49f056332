import { useIntl } from 'react-intl';
import { useLocalizedPath } from '../../lib/router/use-localized-path';
import { ButtonLink } from '../../lib/ui/button-link';

/** docs/architecture.md#settled-choices: logged-out visitors of /congrats and /subscription get docs/product.md#roles's notice. */
export function LoginRequired({ from }: { from: string }) {
  const intl = useIntl();
  const localize = useLocalizedPath();
  return (
    <section className="panel" aria-labelledby="billing-login-title" data-testid="login-required">
      <h1 id="billing-login-title">{intl.formatMessage({ id: 'billing.loginRequired.title' })}</h1>
      <p>{intl.formatMessage({ id: 'billing.loginRequired.body' })}</p>
      <div className="billing-actions">
        <ButtonLink primary to={`/login?from=${encodeURIComponent(localize(from))}`}>
          {intl.formatMessage({ id: 'billing.loginRequired.login' })}
        </ButtonLink>
        <ButtonLink to="/register">{intl.formatMessage({ id: 'billing.loginRequired.register' })}</ButtonLink>
      </div>
    </section>
  );
}
