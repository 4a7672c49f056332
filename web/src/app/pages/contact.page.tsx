import { companyFor } from '@pharmaradar/shared/brand';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../../lib/i18n/use-locale';
import { ContactForm } from '../../features/contact/contact-form';
import { InfoPage } from '../../features/info/info-page';
import { MailLink } from '../../features/info/info-values';

/** /contact: how to reach the company by e-mail or post, and the contact form (docs/product.md#information-pages). */
export default function ContactPage() {
  const company = companyFor(useLocale());
  return (
    <InfoPage titleId="contact.title" leadId="contact.lead" testId="contact-page">
      <div className="contact-layout">
        <section className="contact-card" aria-labelledby="contact-direct-title">
          <h2 id="contact-direct-title">
            <FormattedMessage id="contact.direct.title" />
          </h2>
          <dl className="contact-direct">
            <dt>
              <FormattedMessage id="contact.direct.general" />
            </dt>
            <dd>
              <MailLink email={company.contactEmail} />
            </dd>
            <dt>
              <FormattedMessage id="contact.direct.privacy" />
            </dt>
            <dd>
              <MailLink email={company.privacyEmail} />
            </dd>
            <dt>
              <FormattedMessage id="contact.direct.postal" />
            </dt>
            <dd>
              <address>
                {company.legalName}
                <br />
                {company.address}
                <br />
                <FormattedMessage id="contact.direct.vat" values={{ vat: company.vatNumber }} />
              </address>
            </dd>
          </dl>
        </section>

        <section className="contact-card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">
            <FormattedMessage id="contact.form.title" />
          </h2>
          <ContactForm />
        </section>
      </div>
    </InfoPage>
  );
}
