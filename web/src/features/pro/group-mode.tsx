import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PricingSettings } from '@pharmaradar/shared';
import type { ProDoneEvent } from '@pharmaradar/shared/pro.schema';
import { db, type ProGroupRecord } from '../../db/db';
import { useOnlineStatus } from '../../lib/network/use-online-status';
import { saveFile } from '../../lib/save-file';
import { exportLabelsFromMessages } from './export/export-labels';
import { GroupCreateDialog, type NewGroup } from './group-create-dialog';
import { GroupDeleteDialog } from './group/group-delete-dialog';
import { GroupProgress } from './group/group-progress';
import { buildRows, isStale } from './group/group-rows';
import { GroupTable } from './group/group-table';
import { useGroupAnalysis } from './group/use-group-analysis';
import { listGroups, saveGroup } from './pro-store';
import { ReportDialog } from './report/report-dialog';
import { deleteReports, recordAnalysis } from './report/report-store';
import { useProSyncVersion } from './sync/use-group-sync';
import { pricingWorker } from './workers/pricing-worker.client';

const today = () => new Date().toLocaleDateString('en-CA');

type DialogState = 'create' | 'edit' | 'delete' | 'report' | null;

/** Group mode: create, edit, delete, select, analyse (stoppable, offline from stored offers), refresh stale rows, export. */
export function GroupMode({ settings, onUsage }: { settings: PricingSettings; onUsage: (done: ProDoneEvent) => void }) {
  const intl = useIntl();
  const online = useOnlineStatus();
  const [groups, setGroups] = useState<ProGroupRecord[]>([]);
  const [selected, setSelected] = useState('');
  const [dialog, setDialog] = useState<DialogState>(null);
  const [error, setError] = useState<string | null>(null);
  const analysis = useGroupAnalysis(onUsage);
  const { reset } = analysis;

  const syncVersion = useProSyncVersion(); // groups synced from another device reload here
  useEffect(() => {
    void listGroups().then(setGroups);
  }, [syncVersion]);
  useEffect(() => {
    reset();
    setError(null);
  }, [selected, reset]);
  const group = groups.find((g) => g.id === selected) ?? null;

  const rows = useMemo(
    () => (group ? buildRows(group.cnks, analysis.offers, analysis.catalogue, settings, Date.now()) : []),
    [group, analysis.offers, analysis.catalogue, settings],
  );
  const stale = rows.filter(isStale).map((r) => r.cnk);

  const save = async (input: NewGroup, base: ProGroupRecord | null) => {
    const record: ProGroupRecord = {
      id: base?.id ?? crypto.randomUUID(),
      name: input.name,
      description: input.description,
      cnks: input.cnks,
      updatedAt: Math.max(Date.now(), (base?.updatedAt ?? 0) + 1),
      deleted: false,
    };
    await saveGroup(record);
    await db.proCatalogue.bulkPut(
      input.imported.map((r) => ({ cnk: r.cnk, cataloguePriceExVat: r.purchasePriceExVat, vatPercent: r.vatPercent })),
    );
    setGroups(await listGroups());
    setSelected(record.id);
    if (base) void analysis.load(record.cnks);
    setDialog(null);
  };

  const remove = async () => {
    if (!group) return;
    await saveGroup({ ...group, deleted: true, updatedAt: Math.max(Date.now(), group.updatedAt + 1) });
    await deleteReports(group.id);
    setGroups(await listGroups());
    setSelected('');
    setDialog(null);
  };

  const analyse = async () => {
    if (!group || group.cnks.length === 0) {
      setError(intl.formatMessage({ id: 'pro.tool.group.selectNonEmpty' }));
      return;
    }
    setError(null);
    // Stored offers first: offline, the analysis is what the device already knows.
    const stored = await analysis.load(group.cnks);
    const run = online ? await analysis.price(group.cnks) : null;
    // Only a finished live run is a dated analysis for the report (a stopped one would show false "gone").
    if (run?.completed)
      await recordAnalysis({
        groupId: group.id,
        cnks: group.cnks,
        offers: new Map([...stored.offers, ...run.priced]),
        catalogue: stored.catalogue,
        settings,
        analysedAt: Date.now(),
      }).catch(() => undefined); // storage full: the analysis itself is still shown
  };

  const exportFile = async () => {
    if (!group) return;
    try {
      const file = await pricingWorker().exportGroup({
        groupName: group.name,
        settings,
        date: today(),
        labels: exportLabelsFromMessages(intl.messages as Record<string, string>),
        products: rows.map((r) => ({
          cnk: r.cnk,
          name: r.name,
          vatPercent: r.vatPercent,
          cataloguePriceExVat: r.cataloguePriceExVat,
          offers: r.offers,
          marketStatus:
            r.mark === 'not_found' || r.mark === 'retailer_error' || r.mark === 'invalid_cnk' ? r.mark : 'ok',
        })),
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
  const busy = analysis.progress !== null;

  return (
    <section className="pro-card" aria-labelledby="pro-group-title">
      <h2 id="pro-group-title">
        <FormattedMessage id="pro.tool.group.title" />
      </h2>
      <div className="pro-group-bar">
        <label className="pro-field pro-group-bar__select">
          <span>
            <FormattedMessage id="pro.tool.group.select" />
          </span>
          <select value={selected} onChange={(e) => setSelected(e.target.value)} disabled={busy}>
            <option value="">—</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name} ({g.cnks.length})
              </option>
            ))}
          </select>
        </label>
        <div className="pro-actions">
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => setDialog('create')}
            disabled={busy}
            data-testid="pro-group-create-open"
          >
            <FormattedMessage id="pro.tool.group.create" />
          </button>
          {group && (
            <>
              <button type="button" className="btn btn--secondary" onClick={() => setDialog('edit')} disabled={busy}>
                <FormattedMessage id="pro.tool.group.edit" />
              </button>
              <button type="button" className="btn pro-btn--quiet" onClick={() => setDialog('delete')} disabled={busy}>
                <FormattedMessage id="pro.tool.group.delete" />
              </button>
            </>
          )}
        </div>
      </div>
      {group?.description && <p className="pro-muted">{group.description}</p>}
      <div className="pro-actions">
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => void analyse()}
          disabled={busy}
          data-testid="pro-analyse"
        >
          <FormattedMessage id="pro.tool.group.analyse" />
        </button>
        {analysis.loaded && online && stale.length > 0 && (
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => void analysis.price(stale)}
            disabled={busy}
            data-testid="pro-refresh-stale"
          >
            <FormattedMessage id="pro.tool.group.refreshStale" values={{ count: stale.length }} />
          </button>
        )}
        {group && (
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => setDialog('report')}
            disabled={busy}
            data-testid="pro-report-open"
          >
            <FormattedMessage id="pro.report.open" />
          </button>
        )}
        {group && analysis.loaded && (
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => void exportFile()}
            disabled={busy}
            data-testid="pro-export"
          >
            <FormattedMessage id="pro.tool.group.export" />
          </button>
        )}
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
      {group && analysis.loaded && <GroupTable rows={rows} />}
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
