import { useIntl } from 'react-intl';
import type { AdminCatalogue } from '@pharmaradar/shared/admin.schema';
import { formatDateTime, formatNumber } from '../../lib/i18n/format';
import { useLocale } from '../../lib/i18n/use-locale';
import { AdminSection } from './admin-section';
import { AdminTable } from './admin-table';
import { adminApi } from './admin-api';
import { useAdminLoad } from './use-admin-load';

const fetchCatalogue = async () => (await adminApi.catalogue()).catalogue;
const COUNTS = ['packs', 'prescription', 'gtins', 'vmps', 'nonmedicinal', 'data_errors'] as const;
const COUNT_LABEL = { data_errors: 'dataErrors' } as const;
const REFUSALS = new Set(['invalid', 'too_large', 'no_pack', 'no_otc', 'shrunk', 'busy']);

type Mode = AdminCatalogue['delivery_modes'][number];

/**
 * The official catalogue the server runs on: export, reference date, counts (ADR 153), its public packs
 * per delivery mode as read (free delivery is read from the mode's wording) and the last refused
 * import (ADR 197).
 */
export function CatalogueSection() {
  const intl = useIntl();
  const locale = useLocale();
  const t = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `admin.catalogue.${id}` }, values);
  const { load, reload } = useAdminLoad(fetchCatalogue);
  const description = (m: Mode) => m.description[locale] ?? m.description.fr ?? m.description.nl ?? '—';
  return (
    <AdminSection id="catalogue" load={load} onRetry={() => void reload()} isEmpty={(c) => c === null}>
      {(c) => {
        const catalogue = c as AdminCatalogue;
        const refusal = catalogue.last_refusal;
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
          <>
            <dl className="admin-catalogue">
              {rows.map(([label, value]) => (
                <div key={label}>
                  <dt>{t(label)}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            {refusal ? (
              <p className="admin-row--bad" data-testid="admin-catalogue-refusal">
                {t('refusal', {
                  date: formatDateTime(refusal.at, locale),
                  refusal: REFUSALS.has(refusal.refusal) ? t(`refusals.${refusal.refusal}`) : refusal.refusal,
                  message: refusal.message,
                })}
              </p>
            ) : null}
            <h3>{t('deliveryModes')}</h3>
            <AdminTable columns={[t('modeCode'), t('modeDescription'), t('packs'), t('modeReadAs')]}>
              {catalogue.delivery_modes.map((m) => (
                <tr key={`${m.code ?? ''}/${m.free}`} data-testid="admin-delivery-mode">
                  <th scope="row">{m.code ?? '—'}</th>
                  <td>{description(m)}</td>
                  <td>{formatNumber(m.packs, locale)}</td>
                  <td>{m.free ? t('free') : t('prescriptionOnly')}</td>
                </tr>
              ))}
            </AdminTable>
          </>
        );
      }}
    </AdminSection>
  );
}
