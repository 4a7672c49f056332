import { lazy, Suspense, useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ScanActionProps } from '../../lib/scan/scan-action';
import './scan-button.css';

// The dialog, its camera code and the ZXing reader load on the first tap, never with the home page
// (its JavaScript budget, ADR 035).
const ScanDialog = lazy(() => import('./scan-dialog'));

/** The camera button beside the search field (given to the form through lib/scan). */
export function ScanButton({ onCode, onTypeInstead }: ScanActionProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const found = useCallback(
    (gtin: string) => {
      setOpen(false);
      onCode(gtin);
    },
    [onCode],
  );
  const typeInstead = useCallback(() => {
    setOpen(false);
    // After the dialog has handed the focus back to this button.
    setTimeout(onTypeInstead, 0);
  }, [onTypeInstead]);
  return (
    <>
      <button
        type="button"
        className="btn scan-button"
        data-testid="scan-open"
        aria-label={intl.formatMessage({ id: 'scan.button.label' })}
        title={intl.formatMessage({ id: 'scan.button.label' })}
        onClick={() => setOpen(true)}
      >
        <svg
          viewBox="0 0 24 24"
          width="22"
          height="22"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M3 7V4h3M18 4h3v3M21 17v3h-3M6 20H3v-3" strokeLinecap="round" />
          <path d="M7 8v8M10 8v8M13 8v8M16 8v8" />
        </svg>
        <span className="scan-button__text">{intl.formatMessage({ id: 'scan.button.text' })}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ScanDialog onClose={close} onCode={found} onTypeInstead={typeInstead} />
        </Suspense>
      )}
    </>
  );
}
