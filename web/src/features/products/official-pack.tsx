import { useIntl } from 'react-intl';
import type { OfficialPack } from '@pharmaradar/shared/search.schema';

/**
 * The official catalogue's name and pack for the product (docs/decisions/158), shown beside the shops'
 * own titles, which each spell them their way. Nothing when the catalogue does not know the code.
 */
export function OfficialPackFacts({ official }: { official: OfficialPack | null | undefined }) {
  const intl = useIntl();
  if (!official) return null;
  const t = (id: string) => intl.formatMessage({ id: `product.official.${id}` });
  return (
    <section className="product-page__official" aria-labelledby="product-official-title" data-testid="official-pack">
      <h3 id="product-official-title">{t('title')}</h3>
      <dl className="product-page__facts">
        <div>
          <dt>{t('name')}</dt>
          <dd data-testid="official-name">{official.name}</dd>
        </div>
        {official.pack && (
          <div>
            <dt>{t('pack')}</dt>
            <dd data-testid="official-pack-text">{official.pack}</dd>
          </div>
        )}
        {official.atc && (
          <div>
            <dt>{t('atc')}</dt>
            <dd>{official.atc}</dd>
          </div>
        )}
      </dl>
      {!official.marketed && <p className="product-page__muted">{t('notMarketed')}</p>}
      <p className="product-page__muted">{t('source')}</p>
    </section>
  );
}
