import { FormattedMessage, useIntl } from 'react-intl';
import { StatusPage } from '../../lib/ui/status-page';

export default function NotFoundPage() {
  const intl = useIntl();
  return (
    <StatusPage
      id="not-found"
      icon="404"
      title={intl.formatMessage({ id: 'notfound.title' })}
      body={<FormattedMessage id="notfound.body" />}
      links={[
        { to: '/', label: <FormattedMessage id="notfound.home" /> },
        { to: '/about', label: <FormattedMessage id="notfound.about" /> },
      ]}
    />
  );
}
