import { useIntl } from 'react-intl';
import { useNavigation } from 'react-router';
import './navigation-progress.css';

/** A thin bar while the next page (or the next language) loads; the current page stays usable. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const intl = useIntl();
  if (navigation.state === 'idle') return null;
  return (
    <div
      className="nav-progress"
      role="progressbar"
      aria-label={intl.formatMessage({ id: 'common.navigation.loading' })}
      data-testid="navigation-progress"
    >
      <span className="nav-progress__bar" />
    </div>
  );
}
