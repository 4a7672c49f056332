import { screen } from '@testing-library/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from './render';
import { takeMissingMessages } from './missing-messages';

function Texts() {
  const intl = useIntl();
  return (
    <p data-testid="texts">
      <FormattedMessage id="layout.nav.about" /> | <FormattedMessage id="layout.nope.notThere" /> |{' '}
      {intl.formatMessage({ id: 'common.alsoMissing' })}
    </p>
  );
}

describe('missing message ids in component tests', () => {
  it('are recorded with their locale (and setup.ts fails the test when any is left)', () => {
    renderWithProviders(<Texts />, { locale: 'en' });
    // What a user would have seen: the bare ids.
    expect(screen.getByTestId('texts').textContent).toBe('About | layout.nope.notThere | common.alsoMissing');
    // Taken here so this test passes; left alone, the afterEach of setup.ts would throw with this list.
    expect(takeMissingMessages().sort()).toEqual(['en-BE common.alsoMissing', 'en-BE layout.nope.notThere']);
  });

  it('known ids record nothing', () => {
    renderWithProviders(<FormattedMessage id="layout.nav.about" />, { locale: 'nl' });
    expect(takeMissingMessages()).toEqual([]);
  });
});
