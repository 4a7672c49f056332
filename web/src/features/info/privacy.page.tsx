import type { ReactNode } from 'react';
import { COMPANY } from '@pharmaradar/shared/brand';
import { FormattedMessage, useIntl } from 'react-intl';
import { AnchorLink, useScrollToHash } from './anchor-navigation';
import { InfoPage, InfoSection, Text, TextList } from './info-page';
import { MailLink } from './info-values';
import { PRIVACY_SECTIONS, type PrivacySection } from './privacy-sections';

const privacyMail = { email: <MailLink email={COMPANY.privacyEmail} /> };

function AuthorityLink() {
  const intl = useIntl();
  const site = intl.formatMessage({ id: 'info.privacy.rights.website' });
  return (
    <a href={`https://${site}`} rel="noopener noreferrer" target="_blank">
      {site}
    </a>
  );
}

const SECTION_BODIES: Record<PrivacySection, () => ReactNode> = {
  controller: () => (
    <>
      <Text id="info.privacy.controller.text" />
      <Text id="info.privacy.controller.contact" values={privacyMail} />
    </>
  ),
  data: () => (
    <>
      <Text id="info.privacy.data.intro" />
      <TextList
        prefix="info.privacy.data"
        keys={['account', 'google', 'subscription', 'contact', 'logs', 'searches', 'push']}
      />
      <Text id="info.privacy.data.health" className="info-note" />
      <h3 id="cookies" className="info-subtitle">
        <FormattedMessage id="info.privacy.data.cookies.title" />
      </h3>
      <Text id="info.privacy.data.cookies.text" />
    </>
  ),
  purposes: () => (
    <>
      <Text id="info.privacy.purposes.intro" />
      <TextList prefix="info.privacy.purposes" keys={['service', 'billing', 'contact', 'security', 'legal']} />
      <Text id="info.privacy.purposes.noProfiling" />
    </>
  ),
  recipients: () => (
    <>
      <Text id="info.privacy.recipients.intro" />
      <TextList
        prefix="info.privacy.recipients"
        keys={['hosting', 'email', 'stripe', 'google', 'push', 'authorities']}
      />
      <Text id="info.privacy.recipients.transfers" />
      <Text id="info.privacy.recipients.pharmacies" />
      <Text id="info.privacy.recipients.affiliate" />
    </>
  ),
  retention: () => (
    <TextList prefix="info.privacy.retention" keys={['account', 'contact', 'logs', 'billing', 'device']} />
  ),
  security: () => (
    <>
      <Text id="info.privacy.security.text" />
      <TextList prefix="info.privacy.security" keys={['https', 'passwords', 'sessions', 'limits', 'access']} />
      <Text id="info.privacy.security.breach" />
    </>
  ),
  rights: () => (
    <>
      <Text id="info.privacy.rights.intro" />
      <TextList
        prefix="info.privacy.rights"
        keys={['access', 'rectification', 'erasure', 'restriction', 'portability', 'objection']}
      />
      <Text id="info.privacy.rights.how" values={privacyMail} />
      <Text id="info.privacy.rights.complaint" values={{ website: <AuthorityLink /> }} />
    </>
  ),
  erasure: () => (
    <>
      <Text id="info.privacy.erasure.text" />
      <TextList prefix="info.privacy.erasure" keys={['sessions', 'purge', 'kept', 'device']} />
    </>
  ),
  changes: () => <Text id="info.privacy.changes.text" />,
};

/** /privacy: GDPR privacy policy with a table of contents of its nine sections (docs/product.md#information-pages, docs/product.md#constants). */
export default function PrivacyPage() {
  useScrollToHash();
  const backToContents = (
    <p className="info-back">
      <AnchorLink id="toc">
        <FormattedMessage id="info.common.backToTop" />
      </AnchorLink>
    </p>
  );

  return (
    <InfoPage titleId="info.privacy.title" leadId="info.privacy.lead" showUpdated testId="privacy-page">
      <nav id="toc" className="info-toc" aria-labelledby="toc-title" data-testid="privacy-toc">
        <h2 id="toc-title" className="info-toc__title" tabIndex={-1}>
          <FormattedMessage id="info.common.toc" />
        </h2>
        <ol className="info-toc__list">
          {PRIVACY_SECTIONS.map((section) => (
            <li key={section}>
              <AnchorLink id={section}>
                <FormattedMessage id={`info.privacy.${section}.title`} />
              </AnchorLink>
            </li>
          ))}
        </ol>
      </nav>

      {PRIVACY_SECTIONS.map((section) => (
        <InfoSection key={section} id={section} titleId={`info.privacy.${section}.title`} footer={backToContents}>
          {SECTION_BODIES[section]()}
        </InfoSection>
      ))}
    </InfoPage>
  );
}
