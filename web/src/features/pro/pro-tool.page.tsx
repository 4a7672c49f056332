import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DEFAULT_PRICING_SETTINGS, type PricingSettings } from '@pharmaradar/shared/pricing.schema';
import { keepForOffline, PRO_OFFLINE_LIST } from '../../lib/pwa/keep-offline';
import { proStore } from './data/pro-store';
import { GroupMode } from './group-mode';
import { ProductMode } from './product-mode';
import { ProQuota, useProUsage } from './pro-quota';
import { SettingsForm } from './settings-form';
import { SyncStatusLine } from './sync/sync-status';
import { useProSyncVersion } from './sync/use-group-sync';
import './pro-tool.css';

/** /pro (/fr/nego…): the Pro pricing tool, product mode and group mode (docs/product.md#pro-tool). The Pro wall wraps the route. */
export default function ProToolPage() {
  const intl = useIntl();
  const [mode, setMode] = useState<'product' | 'group'>('product');
  const [settings, setSettings] = useState<PricingSettings | null>(null);
  const syncVersion = useProSyncVersion(); // settings synced from another device reload here
  const [usage, setUsage] = useProUsage();
  useEffect(() => {
    void proStore.loadSettings().then(setSettings, () => setSettings(DEFAULT_PRICING_SETTINGS));
  }, [syncVersion]);
  // The tool's own files are not precached for every visitor (ADR 165): opened once online, it works offline.
  useEffect(() => void keepForOffline(PRO_OFFLINE_LIST), []);
  if (!settings) return null;
  return (
    <div className="pro-page" data-testid="pro-tool-page">
      <header className="pro-page__header spread-row">
        <h1>
          <FormattedMessage id="pro.tool.title" />
        </h1>
        <ProQuota usage={usage} />
      </header>
      <SyncStatusLine />
      <div className="pro-modes" role="group" aria-label={intl.formatMessage({ id: 'pro.tool.modes.label' })}>
        <button type="button" aria-pressed={mode === 'product'} onClick={() => setMode('product')}>
          <FormattedMessage id="pro.tool.modes.product" />
        </button>
        <button
          type="button"
          aria-pressed={mode === 'group'}
          onClick={() => setMode('group')}
          data-testid="pro-mode-group"
        >
          <FormattedMessage id="pro.tool.modes.group" />
        </button>
      </div>
      {/* Group mode takes the page's width for its table: the settings become a bar above it. */}
      <div className={mode === 'group' ? 'pro-layout pro-layout--wide' : 'pro-layout'}>
        <aside className="pro-layout__side">
          <SettingsForm
            settings={settings}
            onChange={async (patch) => {
              // Only the changed field, onto what is stored now (docs/decisions/151).
              setSettings(await proStore.saveSettings(patch));
            }}
          />
        </aside>
        <div className="pro-layout__main">
          {mode === 'product' ? (
            <ProductMode settings={settings} onUsage={setUsage} />
          ) : (
            <GroupMode settings={settings} onUsage={setUsage} />
          )}
        </div>
      </div>
    </div>
  );
}
