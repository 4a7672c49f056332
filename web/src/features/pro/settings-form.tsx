import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PRICING_STRATEGIES, pricingSettingsSchema, type PricingSettings } from '@pharmaradar/shared/pricing.schema';

/** General parameters (docs/product.md#data): validated by the shared schema and applied at once. */
export function SettingsForm({
  settings,
  onChange,
}: {
  settings: PricingSettings;
  onChange: (settings: PricingSettings) => Promise<void>;
}) {
  const intl = useIntl();
  const [min, setMin] = useState(String(settings.minMarginPercent));
  const [ideal, setIdeal] = useState(String(settings.idealMarginPercent));
  const [error, setError] = useState<string | null>(null);

  const apply = (next: { min?: string; ideal?: string; strategy?: string }) => {
    const candidate = {
      minMarginPercent: Number((next.min ?? min).replace(',', '.')),
      idealMarginPercent: Number((next.ideal ?? ideal).replace(',', '.')),
      strategy: next.strategy ?? settings.strategy,
    };
    const parsed = pricingSettingsSchema.safeParse(candidate);
    if (!parsed.success) {
      setError(intl.formatMessage({ id: 'pro.tool.settings.invalid' }));
      return;
    }
    setError(null);
    onChange(parsed.data).catch(() => setError(intl.formatMessage({ id: 'pro.tool.settings.failed' })));
  };

  return (
    <fieldset className="pro-card pro-settings">
      <legend>
        <FormattedMessage id="pro.tool.settings.title" />
      </legend>
      <label className="pro-field">
        <FormattedMessage id="pro.tool.settings.min" />
        <input
          inputMode="decimal"
          value={min}
          onChange={(e) => {
            setMin(e.target.value);
            apply({ min: e.target.value });
          }}
        />
      </label>
      <label className="pro-field">
        <FormattedMessage id="pro.tool.settings.ideal" />
        <input
          inputMode="decimal"
          value={ideal}
          onChange={(e) => {
            setIdeal(e.target.value);
            apply({ ideal: e.target.value });
          }}
        />
      </label>
      <label className="pro-field">
        <FormattedMessage id="pro.tool.settings.strategy" />
        <select value={settings.strategy} onChange={(e) => apply({ strategy: e.target.value })}>
          {PRICING_STRATEGIES.map((s) => (
            <option key={s} value={s}>
              {intl.formatMessage({ id: `pro.strategy.${s}` })}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <p role="alert" className="pro-alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
