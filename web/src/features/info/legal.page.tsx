import { COMPANY } from '@pharmaradar/shared/brand';
import { InfoPage, InfoSection, Text, TextList } from './info-page';
import { MailLink } from './info-values';

/** /legal: legal notice (publisher identity required by Belgian law) and terms of use. */
export default function LegalPage() {
  return (
    <InfoPage titleId="info.legal.title" leadId="info.legal.lead" showUpdated testId="legal-page">
      <InfoSection id="publisher" titleId="info.legal.publisher.title">
        <Text id="info.legal.publisher.text" />
        <TextList
          prefix="info.legal.publisher"
          keys={['name', 'address', 'vat', 'email']}
          values={{ email: <MailLink email={COMPANY.contactEmail} /> }}
        />
      </InfoSection>

      <InfoSection id="hosting" titleId="info.legal.hosting.title">
        <Text id="info.legal.hosting.text" />
      </InfoSection>

      <InfoSection id="service" titleId="info.legal.service.title">
        <Text id="info.legal.service.text" />
        <Text id="info.legal.service.free" />
      </InfoSection>

      <InfoSection id="prices" titleId="info.legal.prices.title">
        <Text id="info.legal.prices.indicative" />
        <Text id="info.legal.prices.prescription" />
        <Text id="info.legal.prices.advice" className="info-note" />
      </InfoSection>

      <InfoSection id="account" titleId="info.legal.account.title">
        <Text id="info.legal.account.text" />
      </InfoSection>

      <InfoSection id="pro" titleId="info.legal.pro.title">
        <Text id="info.legal.pro.text" />
        <Text id="info.legal.pro.cancel" />
      </InfoSection>

      <InfoSection id="acceptable-use" titleId="info.legal.use.title">
        <Text id="info.legal.use.text" />
        <TextList prefix="info.legal.use" keys={['scraping', 'abuse', 'harm']} />
      </InfoSection>

      <InfoSection id="intellectual-property" titleId="info.legal.ip.title">
        <Text id="info.legal.ip.text" />
      </InfoSection>

      <InfoSection id="liability" titleId="info.legal.liability.title">
        <Text id="info.legal.liability.text" />
      </InfoSection>

      <InfoSection id="law" titleId="info.legal.law.title">
        <Text id="info.legal.law.text" />
      </InfoSection>

      <InfoSection id="changes" titleId="info.legal.changes.title">
        <Text id="info.legal.changes.text" />
      </InfoSection>
    </InfoPage>
  );
}
