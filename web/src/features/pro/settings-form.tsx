import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { asNumber, useSyncedField } from './sync/use-synced-field';
import { PRICING_STRATEGIES, pricingSettingsSchema, type PricingSettings } from '@pharmaradar/shared/pricing.schema';

/** A margin typed "22,0" already means a stored 22. */
const sameNumber = (typed: string, stored: string) => asNumber(typed) === Number(stored);

/** The two margin fields, in the order they are shown. */
const MARGINS = [
  { key: 'minMarginPercent', label: 'pro.tool.settings.min' },
  { key: 'idealMarginPercent', label: 'pro.tool.settings.ideal' },
] as const;

/**
 * General parameters (docs/product.md#data): always what is stored; a change is validated by the
 * shared schema and sends only the field the person changed (docs/decisions/151), so values synced
 * from another device are never written back over by a stale form.
 */
export function SettingsForm({
  settings,
  onChange,
}: {
  settings: PricingSettings;
  onChange: (patch: Partial<PricingSettings>) => Promise<void>;
}) {
  const intl = useIntl();
  // A value synced from another device shows, but never under the person's fingers nor before their save is stored.
  const min = useSyncedField(String(settings.minMarginPercent), sameNumber);
  const ideal = useSyncedField(String(settings.idealMarginPercent), sameNumber);
  const strategy = useSyncedField(settings.strategy);
  const [error, setError] = useState<string | null>(null);

  /** Validates and saves the changed field; null when refused (nothing is saved). */
  const apply = (patch: Partial<Record<keyof PricingSettings, string>>): Promise<void> | null => {
    const candidate = {
      ...settings,
      ...(patch.minMarginPercent !== undefined ? { minMarginPercent: asNumber(patch.minMarginPercent) } : {}),
      ...(patch.idealMarginPercent !== undefined ? { idealMarginPercent: asNumber(patch.idealMarginPercent) } : {}),
      ...(patch.strategy !== undefined ? { strategy: patch.strategy } : {}),
    };
    const parsed = pricingSettingsSchema.safeParse(candidate);
    if (!parsed.success) {
      setError(intl.formatMessage({ id: 'pro.tool.settings.invalid' }));
      return null;
    }
    setError(null);
    const changed = Object.fromEntries(
      (Object.keys(patch) as (keyof PricingSettings)[]).map((key) => [key, parsed.data[key]]),
    ) as Partial<PricingSettings>;
    return onChange(changed).catch(() => setError(intl.formatMessage({ id: 'pro.tool.settings.failed' })));
  };

  return (
    <fieldset className="pro-card pro-settings">
      <legend>
        <FormattedMessage id="pro.tool.settings.title" />
      </legend>
      {MARGINS.map(({ key, label }) => {
        const field = key === 'minMarginPercent' ? min : ideal;
        return (
          <label key={key} className="pro-field input-field">
            <FormattedMessage id={label} />
            <input
              inputMode="decimal"
              value={field.text}
              onChange={(e) => {
                field.type(e.target.value);
                const saving = apply({ [key]: e.target.value });
                if (saving) field.save(e.target.value, saving);
              }}
              onBlur={field.leave}
            />
          </label>
        );
      })}
      <label className="pro-field input-field">
        <FormattedMessage id="pro.tool.settings.strategy" />
        <select
          value={strategy.text}
          onChange={(e) => {
            const saving = apply({ strategy: e.target.value });
            if (saving) strategy.save(e.target.value, saving);
          }}
        >
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
