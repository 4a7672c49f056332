import { FormattedMessage, useIntl } from 'react-intl';
import { ClockIcon } from '../../lib/ui/icons';
import { StatusPage } from '../../lib/ui/status-page';

/** Honest placeholder for a route whose screen a later issue builds: never a fake screen. */
export default function NotAvailablePage() {
  const intl = useIntl();
  return (
    <StatusPage
      id="not-available"
      icon={<ClockIcon />}
      title={intl.formatMessage({ id: 'notfound.notAvailable.title' })}
      body={<FormattedMessage id="notfound.notAvailable.body" />}
      links={[
        { to: '/', label: <FormattedMessage id="notfound.notAvailable.home" /> },
        { to: '/about', label: <FormattedMessage id="notfound.notAvailable.about" /> },
      ]}
    />
  );
}
