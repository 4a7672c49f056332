import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { defaultVatPercent, priceProduct, type PricingSettings } from '@pharmaradar/shared';
import { db, type ProGroupRecord, type ProOfferRecord } from '../../db/db';
import { formatPercent, formatPrice, useLocale } from '../../lib/i18n';
import { saveFile } from '../../lib/save-file';
import { exportLabelsFromMessages } from './export/export-labels';
import { GroupCreateDialog, type NewGroup } from './group-create-dialog';
import { streamProPrices } from './pro-prices.client';
import { listGroups, offerRecord, saveGroup, storedOffers, storeOffers } from './pro-store';
import { useProSyncVersion } from './sync/use-group-sync';
import { pricingWorker } from './workers/pricing-worker.client';

const today = () => new Date().toLocaleDateString('en-CA');

/** Group mode: create, select, analyse row by row (stoppable, offline from stored offers), export. */
export function GroupMode({ settings }: { settings: PricingSettings }) {
  const intl = useIntl();
  const locale = useLocale();
  const [groups, setGroups] = useState<ProGroupRecord[]>([]);
  const [selected, setSelected] = useState('');
  const [creating, setCreating] = useState(false);
  const [rows, setRows] = useState<Map<string, ProOfferRecord>>(new Map());
  const [catalogue, setCatalogue] = useState<Map<string, { price: number | null; vat: number | null }>>(new Map());
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stop = useRef<AbortController | null>(null);

  const syncVersion = useProSyncVersion(); // groups synced from another device reload here
  useEffect(() => {
    void listGroups().then(setGroups);
  }, [syncVersion]);
  const group = groups.find((g) => g.id === selected) ?? null;

  const create = async (input: NewGroup) => {
    const record: ProGroupRecord = { id: crypto.randomUUID(), ...input, updatedAt: Date.now(), deleted: false };
    delete (record as Partial<NewGroup>).imported;
    await saveGroup(record);
    await db.proCatalogue.bulkPut(
      input.imported.map((r) => ({ cnk: r.cnk, cataloguePriceExVat: r.purchasePriceExVat, vatPercent: r.vatPercent })),
    );
    setGroups(await listGroups());
    setSelected(record.id);
    setCreating(false);
  };

  const analyse = async () => {
    if (!group || group.cnks.length === 0) {
      setError(intl.formatMessage({ id: 'pro.tool.group.selectNonEmpty' }));
      return;
    }
    setError(null);
    const entries = await db.proCatalogue.bulkGet(group.cnks);
    setCatalogue(
      new Map(entries.flatMap((e) => (e ? [[e.cnk, { price: e.cataloguePriceExVat, vat: e.vatPercent }]] : []))),
    );
    // Stored offers first: offline, the analysis is what the device already knows.
    const stored = await storedOffers(group.cnks);
    setRows(stored);
    if (!navigator.onLine) return;
    const controller = new AbortController();
    stop.current = controller;
    setProgress({ done: 0, total: group.cnks.length });
    try {
      await streamProPrices(
        group.cnks,
        (event) => {
          const record = offerRecord(event);
          void storeOffers(record);
          setRows((current) => new Map(current).set(record.cnk, record));
          setProgress((p) => (p ? { ...p, done: p.done + 1 } : p));
        },
        controller.signal,
      );
    } catch {
      if (!controller.signal.aborted) setError(intl.formatMessage({ id: 'pro.tool.fetchFailed' }));
    } finally {
      stop.current = null;
      setProgress(null);
    }
  };

  const inputs = (group?.cnks ?? []).map((cnk) => {
    const offers = rows.get(cnk);
    const known = catalogue.get(cnk);
    return {
      cnk,
      name: offers?.name ?? null,
      vatPercent: known?.vat ?? defaultVatPercent(true),
      cataloguePriceExVat: known?.price ?? null,
      offers: offers?.offers ?? [],
      record: offers,
    };
  });

  const exportFile = async () => {
    if (!group) return;
    try {
      const file = await pricingWorker().exportGroup({
        groupName: group.name,
        settings,
        date: today(),
        labels: exportLabelsFromMessages(intl.messages as Record<string, string>),
        products: inputs.map(({ record, ...p }) => ({
          ...p,
          marketStatus:
            record?.status === 'not_found' ? 'not_found' : record?.status === 'error' ? 'retailer_error' : 'ok',
        })),
      });
      saveFile(new Blob([file.bytes as BlobPart], { type: file.mimeType }), file.fileName);
    } catch {
      setError(intl.formatMessage({ id: 'pro.export.failed' }));
    }
  };

  const money = (v: number | null) => (v === null ? '—' : formatPrice(v, locale));
  return (
    <section aria-labelledby="pro-group-title">
      <h2 id="pro-group-title">
        <FormattedMessage id="pro.tool.group.title" />
      </h2>
      <label>
        <FormattedMessage id="pro.tool.group.select" />
        <select value={selected} onChange={(e) => setSelected(e.target.value)}>
          <option value="">—</option>
          {groups.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name} ({g.cnks.length})
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={() => setCreating(true)}>
        <FormattedMessage id="pro.tool.group.create" />
      </button>
      <button type="button" onClick={() => void analyse()} disabled={progress !== null}>
        <FormattedMessage id="pro.tool.group.analyse" />
      </button>
      {group && (
        <button type="button" onClick={() => void exportFile()}>
          <FormattedMessage id="pro.tool.group.export" />
        </button>
      )}
      {progress && (
        <div>
          <progress
            value={progress.done}
            max={progress.total}
            aria-label={intl.formatMessage({ id: 'pro.tool.group.progress' })}
          />
          <span>
            {progress.done} / {progress.total}
          </span>
          <button type="button" onClick={() => stop.current?.abort()}>
            <FormattedMessage id="pro.tool.group.stop" />
          </button>
        </div>
      )}
      {error && <p role="alert">{error}</p>}
      {group && rows.size > 0 && (
        <table data-testid="pro-group-table">
          <thead>
            <tr>
              {(
                [
                  'name',
                  'cnk',
                  'lowestOffer',
                  'cataloguePrice',
                  'recommendedPurchase',
                  'sellPrice',
                  'margin',
                  'discount',
                ] as const
              ).map((c) => (
                <th key={c} scope="col">
                  <FormattedMessage id={`pro.export.columns.${c}`} />
                </th>
              ))}
              <th scope="col">
                <FormattedMessage id="pro.tool.group.age" />
              </th>
            </tr>
          </thead>
          <tbody>
            {inputs.map(({ record, ...input }) => {
              const card = priceProduct(input, settings);
              return (
                <tr key={input.cnk}>
                  <td>{input.name ?? '—'}</td>
                  <td>{input.cnk}</td>
                  <td>
                    {!record ? (
                      <FormattedMessage id="pro.tool.group.noStoredPrice" />
                    ) : record.status === 'not_found' ? (
                      <FormattedMessage id="pro.export.notes.notFound" />
                    ) : record.status === 'error' ? (
                      <FormattedMessage id="pro.export.notes.retailerError" />
                    ) : (
                      money(card.lowestOffer)
                    )}
                  </td>
                  <td>{money(card.cataloguePriceExVat)}</td>
                  <td>{money(card.recommendedPurchaseExVat)}</td>
                  <td>{money(card.sellPriceInclVat)}</td>
                  <td>
                    {card.marginAtCatalogueRatio === null ? '—' : formatPercent(card.marginAtCatalogueRatio, locale, 1)}
                  </td>
                  <td>
                    {card.negotiation?.kind === 'discount' ? formatPercent(card.negotiation.ratio, locale, 1) : '—'}
                  </td>
                  <td>{record ? new Date(record.fetchedAt).toLocaleString(locale) : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {creating && <GroupCreateDialog onCreate={create} onClose={() => setCreating(false)} />}
    </section>
  );
}
