import { useIntl } from 'react-intl';
import { LocalizedLink } from '../../lib/router/localized-link';

export function HelpSection() {
  const intl = useIntl();
  return (
    <section className="account-card" aria-labelledby="help-title">
      <h2 id="help-title">{intl.formatMessage({ id: 'account.help.title' })}</h2>
      <p className="account-hint">{intl.formatMessage({ id: 'account.help.body' })}</p>
      <ul className="account-links">
        <li>
          <LocalizedLink to="/faq">{intl.formatMessage({ id: 'account.help.faq' })}</LocalizedLink>
        </li>
        <li>
          <LocalizedLink to="/contact">{intl.formatMessage({ id: 'account.help.contact' })}</LocalizedLink>
        </li>
      </ul>
    </section>
  );
}
