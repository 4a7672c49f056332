import { COMPANY } from '@pharmaradar/shared/brand';
import { FormattedMessage } from 'react-intl';
import { LocalizedLink } from '../../lib/router/localized-link';
import { InfoPage, InfoSection, Text } from './info-page';
import { MailLink } from './info-values';

const VALUES = ['independence', 'transparency', 'privacy', 'access'] as const;
const STEPS = ['search', 'fetch', 'compare'] as const;

/** /about: values, how the comparison works, a word on privacy, how to reach us (docs/product.md#information-pages). */
export default function AboutPage() {
  return (
    <InfoPage titleId="info.about.title" leadId="info.about.lead" testId="about-page">
      <InfoSection id="values" titleId="info.about.values.title">
        <ul className="info-cards">
          {VALUES.map((key) => (
            <li key={key} className="info-card">
              <h3 className="info-card__title">
                <FormattedMessage id={`info.about.values.${key}.title`} />
              </h3>
              <Text id={`info.about.values.${key}.text`} />
            </li>
          ))}
        </ul>
      </InfoSection>

      <InfoSection id="how-it-works" titleId="info.about.how.title">
        <ol className="info-steps">
          {STEPS.map((key) => (
            <li key={key} className="info-step">
              <h3 className="info-step__title">
                <FormattedMessage id={`info.about.how.${key}.title`} />
              </h3>
              <Text id={`info.about.how.${key}.text`} />
            </li>
          ))}
        </ol>
        <Text id="info.about.how.note" className="info-note" />
        <Text id="info.about.how.pro" />
        <p>
          <LocalizedLink to="/offers" className="info-cta">
            <FormattedMessage id="info.about.how.proLink" />
          </LocalizedLink>
        </p>
      </InfoSection>

      <InfoSection id="privacy" titleId="info.about.privacy.title">
        <Text id="info.about.privacy.text" />
        <p>
          <LocalizedLink to="/privacy">
            <FormattedMessage id="info.about.privacy.link" />
          </LocalizedLink>
        </p>
      </InfoSection>

      <InfoSection id="contact" titleId="info.about.contact.title">
        <Text id="info.about.contact.text" values={{ email: <MailLink email={COMPANY.contactEmail} /> }} />
        <p>
          <LocalizedLink to="/contact">
            <FormattedMessage id="info.about.contact.link" />
          </LocalizedLink>
        </p>
      </InfoSection>
    </InfoPage>
  );
}
