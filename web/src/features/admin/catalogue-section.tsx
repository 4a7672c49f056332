import { useIntl } from 'react-intl';
import type { AdminCatalogue } from '@pharmaradar/shared/admin.schema';
import { formatDateTime, formatNumber } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { AdminSection } from './admin-section';
import { adminApi } from './admin-api';
import { useAdminLoad } from './use-admin-load';

const fetchCatalogue = async () => (await adminApi.catalogue()).catalogue;
const COUNTS = ['packs', 'prescription', 'gtins', 'vmps', 'nonmedicinal', 'data_errors'] as const;
const COUNT_LABEL = { data_errors: 'dataErrors' } as const;

/** The official catalogue the server runs on: export, reference date, counts (ADR 153). */
export function CatalogueSection() {
  const intl = useIntl();
  const locale = useLocale();
  const t = (id: string) => intl.formatMessage({ id: `admin.catalogue.${id}` });
  const { load, reload } = useAdminLoad(fetchCatalogue);
  return (
    <AdminSection id="catalogue" load={load} onRetry={() => void reload()} isEmpty={(c) => c === null}>
      {(c) => {
        const catalogue = c as AdminCatalogue;
        const rows: Array<[string, string]> = [
          ['version', `${catalogue.version ?? '—'}${catalogue.demo ? ` (${t('demo')})` : ''}`],
          ['referenceDate', catalogue.reference_date],
          ['importedAt', formatDateTime(catalogue.imported_at, locale)],
          ['source', catalogue.source],
          ['checkedAt', catalogue.checked_at ? formatDateTime(catalogue.checked_at, locale) : t('never')],
          ...COUNTS.map((k): [string, string] => [
            k in COUNT_LABEL ? COUNT_LABEL[k as keyof typeof COUNT_LABEL] : k,
            formatNumber(catalogue.counts[k], locale),
          ]),
        ];
        return (
          <dl className="admin-catalogue">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt>{t(label)}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        );
      }}
    </AdminSection>
  );
}
