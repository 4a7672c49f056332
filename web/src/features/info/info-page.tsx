import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDate } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { INFO_TEXTS_UPDATED_ON, useCompanyValues } from './info-values';
import { usePageTitle } from './use-page-title';
import './info.css';

interface InfoPageProps {
  /** Message id of the h1 (also the tab title). */
  titleId: string;
  leadId?: string;
  /** Lead paragraph content when it needs more than one message (links). */
  lead?: ReactNode;
  /** Show "last updated" for texts with legal weight (legal notice, privacy policy). */
  showUpdated?: boolean;
  testId: string;
  children: ReactNode;
}

/** Frame shared by the information pages: one h1, an optional revision date and lead paragraph. */
export function InfoPage({ titleId, leadId, lead, showUpdated = false, testId, children }: InfoPageProps) {
  const intl = useIntl();
  const locale = useLocale();
  const companyValues = useCompanyValues();
  const title = intl.formatMessage({ id: titleId }, companyValues);
  usePageTitle(title);

  return (
    <article className="info-page" aria-labelledby="info-page-title" data-testid={testId}>
      <header className="info-page__header">
        <h1 id="info-page-title" className="info-page__title">
          {title}
        </h1>
        {showUpdated ? (
          <p className="info-page__updated">
            <FormattedMessage
              id="info.common.updated"
              values={{
                date: <time dateTime={INFO_TEXTS_UPDATED_ON}>{formatDate(INFO_TEXTS_UPDATED_ON, locale)}</time>,
              }}
            />
          </p>
        ) : null}
        {leadId || lead ? (
          <p className="info-page__lead">{leadId ? <FormattedMessage id={leadId} values={companyValues} /> : lead}</p>
        ) : null}
      </header>
      {children}
    </article>
  );
}

interface InfoSectionProps {
  id: string;
  titleId: string;
  children: ReactNode;
  /** Rendered after the content (e.g. a "back to contents" link). */
  footer?: ReactNode;
}

/** An h2 section whose heading can take focus, so anchor jumps also move keyboard focus. */
export function InfoSection({ id, titleId, children, footer }: InfoSectionProps) {
  const companyValues = useCompanyValues();
  return (
    <section id={id} className="info-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="info-section__title" tabIndex={-1}>
        <FormattedMessage id={titleId} values={companyValues} />
      </h2>
      {children}
      {footer}
    </section>
  );
}

type Values = Record<string, ReactNode>;

/** A paragraph from one message id, with the company values available to every text. */
export function Text({ id, values, className }: { id: string; values?: Values; className?: string }) {
  const companyValues = useCompanyValues();
  return (
    <p className={className}>
      <FormattedMessage id={id} values={{ ...companyValues, ...values }} />
    </p>
  );
}

/** A bullet list whose items are `<prefix>.<key>` messages, in the given order. */
export function TextList({ prefix, keys, values }: { prefix: string; keys: readonly string[]; values?: Values }) {
  const companyValues = useCompanyValues();
  return (
    <ul className="info-list">
      {keys.map((key) => (
        <li key={key}>
          <FormattedMessage id={`${prefix}.${key}`} values={{ ...companyValues, ...values }} />
        </li>
      ))}
    </ul>
  );
}
