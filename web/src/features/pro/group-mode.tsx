import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PricingSettings } from '@pharmaradar/shared/pricing.schema';
import type { ProDoneEvent } from '@pharmaradar/shared/pro.schema';
import { api } from '../../lib/api/client';
import { useOnlineStatus } from '../../lib/network/use-online-status';
import { saveFile } from '../../lib/save-file';
import { AnalysisCostNote } from './analysis-cost-note';
import { groupLines, proStore, type GroupLineUpdate, type ProGroupRecord } from './data/pro-store';
import type { ImportRow } from '@pharmaradar/shared/import-table';
import { exportLabelsFromMessages } from './export/export-labels';
import { priceSourceOf } from './export/price-source';
import { exportDate } from './export/export-date';
import { exportRow } from './export/export-row';
import { GroupCreateDialog, type NewGroup } from './group-create-dialog';
import { GroupSelect } from './group-select';
import { GroupDeleteDialog } from './group/group-delete-dialog';
import { GroupProgress } from './group/group-progress';
import { buildRows, isStale } from './group/group-rows';
import { GroupTable } from './group/group-table';
import { useGroupAnalysis } from './group/use-group-analysis';
import { ProActionButton } from './pro-action-button';
import { ReportDialog } from './report/report-dialog';
import { analysisRecord } from './report/report-rows';
import { useProSyncVersion } from './sync/use-group-sync';
import { useAnalysisCost } from './use-analysis-cost';
import { fillVatFromCatalogue } from './import/kind-vat';
import { useLocale } from '../../lib/i18n/use-locale';
import { exportGroupInWorker } from './workers/export-worker.client';

/**
 * What the file gives; a column it lacks leaves what is known (a VAT once known stays known). A line
 * left without VAT takes its product kind's from the catalogue after the save (docs/decisions/215).
 */
const importedUpdate = (r: ImportRow): GroupLineUpdate => ({
  cnk: r.cnk,
  ...(r.purchaseExVat !== null ? { purchaseExVat: r.purchaseExVat } : {}),
  ...(r.vatPercent !== null ? { vatPercent: r.vatPercent, vatSource: 'file' as const } : {}),
  ...(r.name !== null ? { name: r.name } : {}),
});

const today = () => exportDate(Date.now());

/** Whether this server compares the bundled demo shops (GET /api/health `demo`); null when it cannot say. */
async function demoShops(): Promise<boolean | null> {
  try {
    const health = await api.get<unknown>('/health/');
    const demo = typeof health === 'object' && health !== null ? (health as { demo?: unknown }).demo : undefined;
    return typeof demo === 'boolean' ? demo : null;
  } catch {
    return null;
  }
}

type DialogState = 'create' | 'edit' | 'delete' | 'report' | null;

const NO_CNKS: readonly string[] = [];

/** Group mode: create, edit, delete, select, analyse (stoppable, offline from stored offers), refresh stale rows, export. */
export function GroupMode({ settings, onUsage }: { settings: PricingSettings; onUsage: (done: ProDoneEvent) => void }) {
  const intl = useIntl();
  const online = useOnlineStatus();
  const locale = useLocale();
  const [groups, setGroups] = useState<ProGroupRecord[]>([]);
  const [selected, setSelected] = useState('');
  const [dialog, setDialog] = useState<DialogState>(null);
  const [error, setError] = useState<string | null>(null);
  const analysis = useGroupAnalysis(onUsage);
  const { reset } = analysis;

  const syncVersion = useProSyncVersion(); // groups synced from another device reload here
  useEffect(() => {
    void proStore.listGroups().then(setGroups);
  }, [syncVersion]);
  // Lines imported or synced without VAT take their kind's once the catalogue is reached (docs/decisions/215).
  useEffect(() => {
    if (!online) return;
    void fillVatFromCatalogue(locale, true)
      .then(async (filled) => {
        if (filled > 0) setGroups(await proStore.listGroups());
      })
      .catch(() => undefined);
  }, [online, syncVersion, locale]);
  useEffect(() => {
    reset();
    setError(null);
  }, [selected, reset]);
  const group = groups.find((g) => g.id === selected) ?? null;

  // The one pricing of the group's rows (ADR 142): the table, the report and the export read these cards.
  // Each line's own purchase price, VAT and name, as the group keeps and syncs them.
  const rows = useMemo(
    () => (group ? buildRows(groupLines(group), analysis.offers, settings, Date.now()) : []),
    [group, analysis.offers, settings],
  );
  // The CNKs "Analyse" ran on in this group: a line analysed offline with no stored price is refreshed
  // once online; one never analysed is not offered (it is priced by "Analyse").
  const [analysed, setAnalysed] = useState<{ groupId: string; cnks: ReadonlySet<string> } | null>(null);
  const analysedHere = analysed && group && analysed.groupId === group.id ? analysed.cnks : undefined;
  const stale = rows.filter((r) => isStale(r, analysedHere)).map((r) => r.cnk);
  const busy = analysis.progress !== null;
  const refreshOffered = analysis.loaded && online && stale.length > 0;
  // What each run would take from the allowance, shown before it runs (ADR 147).
  const analyseCost = useAnalysisCost(group ? group.cnks : NO_CNKS, busy);
  const refreshCost = useAnalysisCost(refreshOffered ? stale : NO_CNKS, busy);

  // Only a finished live run is a dated analysis for the report (a stopped one would show false "gone").
  // It is recorded from the rows above once they hold the run's last answers, not priced a second time.
  const [finished, setFinished] = useState<{ groupId: string; analysedAt: number } | null>(null);
  useEffect(() => {
    if (!finished) return;
    setFinished(null);
    if (group?.id !== finished.groupId) return;
    // Storage full: the analysis itself is still shown.
    void proStore.saveReport(analysisRecord({ ...finished, settings, rows })).catch(() => undefined);
  }, [finished, group, rows, settings]);

  const save = async (input: NewGroup, base: ProGroupRecord | null) => {
    const record: ProGroupRecord = {
      id: base?.id ?? crypto.randomUUID(),
      name: input.name,
      description: input.description,
      cnks: input.cnks,
      updatedAt: Math.max(Date.now(), (base?.updatedAt ?? 0) + 1),
      deleted: false,
    };
    await proStore.saveGroup(record, input.imported.map(importedUpdate));
    // From the facts the preview stored (offline too); lines of unknown kind stay "VAT to set".
    await fillVatFromCatalogue(locale, online).catch(() => 0);
    setGroups(await proStore.listGroups());
    setSelected(record.id);
    if (base) void analysis.load(record.cnks);
    setDialog(null);
  };

  /** VAT set in the table, for one line or a selection: each product's, in every group holding it, synced. */
  const setVat = async (cnks: readonly string[], vat: number) => {
    await proStore.saveLines(cnks.map((cnk) => ({ cnk, vatPercent: vat, vatSource: 'pharmacist' as const })));
    setGroups(await proStore.listGroups());
  };

  /** A purchase price typed in the table (null clears it): the product's, in every group holding it, synced. */
  const setPurchase = async (cnk: string, purchaseExVat: number | null) => {
    await proStore.saveLines([{ cnk, purchaseExVat }]);
    setGroups(await proStore.listGroups());
  };

  const remove = async () => {
    if (!group) return;
    await proStore.saveGroup({ ...group, deleted: true, updatedAt: Math.max(Date.now(), group.updatedAt + 1) });
    await proStore.deleteReports(group.id);
    setGroups(await proStore.listGroups());
    setSelected('');
    setDialog(null);
  };

  const analyse = async () => {
    if (!group || group.cnks.length === 0) {
      setError(intl.formatMessage({ id: 'pro.tool.group.selectNonEmpty' }));
      return;
    }
    setError(null);
    // Stored offers first: offline, or when the new CNKs do not fit in the allowance (the server would
    // refuse them), the analysis is what the device already knows.
    await analysis.load(group.cnks);
    setAnalysed({ groupId: group.id, cnks: new Set(group.cnks) });
    const run = online && analyseCost?.fits !== false ? await analysis.price(group.cnks) : null;
    if (run?.completed) setFinished({ groupId: group.id, analysedAt: Date.now() });
  };

  const exportFile = async () => {
    if (!group) return;
    try {
      const file = await exportGroupInWorker({
        groupName: group.name,
        settings,
        date: today(),
        labels: exportLabelsFromMessages(intl.messages as Record<string, string>),
        rows: rows.map(exportRow),
        source: priceSourceOf(rows, online ? await demoShops() : null),
      });
      saveFile(new Blob([file.bytes as BlobPart], { type: file.mimeType }), file.fileName);
    } catch {
      setError(intl.formatMessage({ id: 'pro.export.failed' }));
    }
  };

  const failure =
    analysis.failure?.kind === 'quota'
      ? analysis.failure.detail
      : analysis.failure
        ? intl.formatMessage({ id: 'pro.tool.fetchFailed' })
        : null;

  return (
    <section className="pro-card" aria-labelledby="pro-group-title">
      <h2 id="pro-group-title">
        <FormattedMessage id="pro.tool.group.title" />
      </h2>
      <div className="pro-group-bar">
        <GroupSelect
          groups={groups}
          selected={selected}
          onSelect={setSelected}
          disabled={busy}
          label={<FormattedMessage id="pro.tool.group.select" />}
        />
        <div className="pro-actions">
          <ProActionButton
            label="pro.tool.group.create"
            onClick={() => setDialog('create')}
            disabled={busy}
            testId="pro-group-create-open"
          />
          {group && (
            <>
              <ProActionButton label="pro.tool.group.edit" onClick={() => setDialog('edit')} disabled={busy} />
              <ProActionButton
                label="pro.tool.group.delete"
                look="quiet"
                onClick={() => setDialog('delete')}
                disabled={busy}
              />
            </>
          )}
        </div>
      </div>
      {group?.description && <p className="pro-muted">{group.description}</p>}
      <div className="pro-run">
        <div className="pro-actions">
          <ProActionButton
            label="pro.tool.group.analyse"
            look="primary"
            onClick={() => void analyse()}
            disabled={busy}
            describedBy={analyseCost ? 'pro-cost-analyse' : undefined}
            testId="pro-analyse"
          />
          {refreshOffered && (
            <ProActionButton
              label="pro.tool.group.refreshStale"
              values={{ count: stale.length }}
              // Refreshing asks the shops now, past the server's market store (docs/decisions/234).
              onClick={() => void analysis.price(stale, true)}
              disabled={busy || refreshCost?.fits === false}
              describedBy={refreshCost ? 'pro-cost-refresh' : undefined}
              testId="pro-refresh-stale"
            />
          )}
          {group && (
            <ProActionButton
              label="pro.report.open"
              onClick={() => setDialog('report')}
              disabled={busy}
              testId="pro-report-open"
            />
          )}
          {group && analysis.loaded && (
            <ProActionButton
              label="pro.tool.group.export"
              onClick={() => void exportFile()}
              disabled={busy}
              testId="pro-export"
            />
          )}
        </div>
        {group && <AnalysisCostNote cost={analyseCost} action="analyse" id="pro-cost-analyse" />}
        {refreshOffered && <AnalysisCostNote cost={refreshCost} action="refresh" id="pro-cost-refresh" />}
      </div>
      {!online && (
        <p className="pro-note" role="status">
          <FormattedMessage id="pro.tool.group.offline" />
        </p>
      )}
      {analysis.progress && <GroupProgress progress={analysis.progress} onStop={analysis.stop} />}
      {(error ?? failure) && (
        <p role="alert" className="pro-alert">
          {error ?? failure}
        </p>
      )}
      {/* A saved group's lines show at once (they are stored); the market columns wait for "Analyse". */}
      {group && (
        <GroupTable
          rows={rows}
          analysed={analysis.loaded}
          onVatChange={busy ? undefined : setVat}
          onPurchaseChange={busy ? undefined : setPurchase}
        />
      )}
      {dialog === 'create' && <GroupCreateDialog onCreate={(g) => save(g, null)} onClose={() => setDialog(null)} />}
      {dialog === 'edit' && group && (
        <GroupCreateDialog initial={group} onCreate={(g) => save(g, group)} onClose={() => setDialog(null)} />
      )}
      {dialog === 'delete' && group && (
        <GroupDeleteDialog name={group.name} onConfirm={remove} onClose={() => setDialog(null)} />
      )}
      {dialog === 'report' && group && <ReportDialog group={group} onClose={() => setDialog(null)} />}
    </section>
  );
}
