import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { ScanActionProps } from '../../lib/scan/scan-action';
import { Dialog } from '../../lib/ui/dialog';
import { createBarcodeReader } from './barcode-reader';
import { startScanSession, type ScanState } from './scan-session';
import './scan.css';

export interface ScanDialogProps extends ScanActionProps {
  onClose: () => void;
}

/**
 * The camera view that reads a pack's EAN-13 or GS1 DataMatrix. The Belgian CNK bar code (MSI) is
 * unreadable by these readers (docs/architecture.md#regulated-facts), so typing the CNK is offered in every state.
 */
export default function ScanDialog({ onClose, onCode, onTypeInstead }: ScanDialogProps) {
  const intl = useIntl();
  const id = useId();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScanState>({ status: 'asking' });

  useEffect(() => {
    if (!video.current) return;
    return startScanSession({ video: video.current, loadReader: createBarcodeReader, onState: setState, onCode });
  }, [onCode]);

  const t = (key: string) => intl.formatMessage({ id: `scan.${key}` });
  const message =
    state.status === 'scanning' ? (state.wrongCode ? 'dialog.wrongCode' : 'dialog.scanning') : `dialog.${state.status}`;
  const live = state.status === 'asking' || state.status === 'scanning';
  return (
    <Dialog
      labelledBy={`${id}-title`}
      describedBy={`${id}-status`}
      onClose={onClose}
      className="scan-dialog"
      testId="scan-dialog"
    >
      <h2 id={`${id}-title`} className="scan-dialog__title">
        {t('dialog.title')}
      </h2>
      <div className={`scan-dialog__viewer${live ? '' : ' scan-dialog__viewer--off'}`}>
        <video ref={video} className="scan-dialog__video" muted playsInline aria-hidden="true" />
        {state.status === 'scanning' && <span className="scan-dialog__aim" aria-hidden="true" />}
      </div>
      <p
        id={`${id}-status`}
        className="scan-dialog__status"
        role="status"
        data-testid="scan-status"
        data-state={state.status}
      >
        {t(message)}
      </p>
      <p className="scan-dialog__hint">{t('dialog.cnkHint')}</p>
      <div className="scan-dialog__actions">
        <button type="button" className="btn btn--primary" data-testid="scan-type-cnk" onClick={onTypeInstead}>
          {t('dialog.typeCnk')}
        </button>
        <button type="button" className="btn" data-testid="scan-close" onClick={onClose}>
          {t('dialog.close')}
        </button>
      </div>
    </Dialog>
  );
}
