import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { DEFAULT_PRICING_SETTINGS, type PricingSettings } from '@pharmaradar/shared';
import { GroupMode } from './group-mode';
import { ProductMode } from './product-mode';
import { loadSettings, saveSettings } from './pro-store';
import { SettingsForm } from './settings-form';
import { SyncStatusLine } from './sync/sync-status';
import { useProSyncVersion } from './sync/use-group-sync';

/** /pro (/fr/nego…): the Pro pricing tool, product mode and group mode (SPEC §2). The Pro wall wraps the route. */
export default function ProToolPage() {
  const [mode, setMode] = useState<'product' | 'group'>('product');
  const [settings, setSettings] = useState<PricingSettings | null>(null);
  const syncVersion = useProSyncVersion(); // settings synced from another device reload here
  useEffect(() => {
    void loadSettings().then(setSettings, () => setSettings(DEFAULT_PRICING_SETTINGS));
  }, [syncVersion]);
  if (!settings) return null;
  return (
    <main data-testid="pro-tool-page">
      <h1>
        <FormattedMessage id="pro.tool.title" />
      </h1>
      <SyncStatusLine />
      <div role="group">
        <button type="button" aria-pressed={mode === 'product'} onClick={() => setMode('product')}>
          <FormattedMessage id="pro.tool.modes.product" />
        </button>
        <button type="button" aria-pressed={mode === 'group'} onClick={() => setMode('group')}>
          <FormattedMessage id="pro.tool.modes.group" />
        </button>
      </div>
      <SettingsForm
        settings={settings}
        onChange={async (next) => {
          setSettings(next);
          await saveSettings(next);
        }}
      />
      {mode === 'product' ? <ProductMode settings={settings} /> : <GroupMode settings={settings} />}
    </main>
  );
}
