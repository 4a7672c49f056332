import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useCompanyValues } from './info-values';

interface FaqItemProps {
  id: string;
  questionId: string;
  answerId: string;
  open: boolean;
  onToggle: () => void;
  /** Extra content under the answer (e.g. a link to the page with the details). */
  more?: ReactNode;
}

/** One disclosure of the FAQ: a heading-wrapped button controlling its answer region (WAI accordion). */
export function FaqItem({ id, questionId, answerId, open, onToggle, more }: FaqItemProps) {
  const buttonId = `${id}-question`;
  const panelId = `${id}-answer`;
  const companyValues = useCompanyValues();
  return (
    <div id={id} className={open ? 'faq-item faq-item--open' : 'faq-item'}>
      <h2 className="faq-item__heading">
        <button
          type="button"
          id={buttonId}
          className="faq-item__button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <span className="faq-item__question">
            <FormattedMessage id={questionId} values={companyValues} />
          </span>
          <span className="faq-item__icon" aria-hidden="true" />
        </button>
      </h2>
      <div id={panelId} role="region" aria-labelledby={buttonId} className="faq-item__answer" hidden={!open}>
        <p>
          <FormattedMessage id={answerId} values={companyValues} />
        </p>
        {more}
      </div>
    </div>
  );
}
