import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import { LocalizedLink } from '../../lib/router/localized-link';
import { FaqItem } from './faq-item';
import { InfoPage } from './info-page';
import { useScrollToHash } from './anchor-navigation';
import { FAQ_KEYS, type FaqKey } from './faq-keys';

const MORE_LINKS: Partial<Record<FaqKey, { to: string; id: string }>> = {
  pro: { to: '/offers', id: 'info.faq.pro.link' },
  data: { to: '/privacy', id: 'info.faq.data.link' },
};

function keyFromHash(hash: string): FaqKey | null {
  const key = hash.replace(/^#faq-/, '');
  return (FAQ_KEYS as readonly string[]).includes(key) ? (key as FaqKey) : null;
}

/** /faq: the most frequent questions as accessible disclosures. */
export default function FaqPage() {
  const { hash } = useLocation();
  // A link to /faq#faq-cnk lands on that question already opened.
  const [open, setOpen] = useState<ReadonlySet<FaqKey>>(() => {
    const linked = keyFromHash(hash);
    return new Set(linked ? [linked] : []);
  });
  useScrollToHash();

  const toggle = (key: FaqKey) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <InfoPage
      titleId="info.faq.title"
      testId="faq-page"
      lead={
        <>
          <FormattedMessage id="info.faq.lead" />{' '}
          <LocalizedLink to="/contact">
            <FormattedMessage id="info.faq.contactLink" />
          </LocalizedLink>
        </>
      }
    >
      <div className="faq-list" data-testid="faq-list">
        {FAQ_KEYS.map((key) => {
          const more = MORE_LINKS[key];
          return (
            <FaqItem
              key={key}
              id={`faq-${key}`}
              questionId={`info.faq.${key}.q`}
              answerId={`info.faq.${key}.a`}
              open={open.has(key)}
              onToggle={() => toggle(key)}
              more={
                more ? (
                  <p>
                    <LocalizedLink to={more.to}>
                      <FormattedMessage id={more.id} />
                    </LocalizedLink>
                  </p>
                ) : null
              }
            />
          );
        })}
      </div>
    </InfoPage>
  );
}
