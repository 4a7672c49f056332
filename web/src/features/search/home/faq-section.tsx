import { useIntl } from 'react-intl';

const ITEMS = ['how', 'cnk', 'prices', 'prescription', 'offline', 'free'] as const;

export function FaqSection() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `search.faq.${id}` });
  return (
    <section className="home-faq" aria-labelledby="home-faq-title">
      <h2 id="home-faq-title">{t('title')}</h2>
      <div className="home-faq__list">
        {ITEMS.map((item) => (
          <details key={item} className="home-faq__item" data-testid="faq-item">
            <summary className="home-faq__question">{t(`items.${item}.q`)}</summary>
            <p className="home-faq__answer">{t(`items.${item}.a`)}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
