import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

export interface DialogProps {
  /** Id of the heading inside `children` that names the dialog. */
  labelledBy: string;
  /** Id of the text inside `children` that describes it. */
  describedBy?: string;
  /**
   * Escape and a click on the backdrop call it; without it the dialog is blocking (a question that
   * must be answered). Pass undefined while a request runs to keep the dialog open.
   */
  onClose?: (() => void) | undefined;
  /** Extra class of the panel (its width, its heading colour). */
  className?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * The one modal dialog of the app: a native `<dialog>` opened with `showModal()` (ADR 137), so the
 * browser owns the modal part: the rest of the page is inert, the focus moves in and stays inside,
 * Escape asks to close (a `cancel` event). The element itself covers the viewport as the backdrop;
 * the panel is its only child. Opened in a layout effect, so no key can arrive before it is modal.
 */
export function Dialog({ labelledBy, describedBy, onClose, className, testId, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef(onClose);
  useLayoutEffect(() => {
    closeRef.current = onClose;
  }, [onClose]);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Escape: React decides (it unmounts the dialog through onClose); a blocking dialog stays.
    const onCancel = (event: Event) => {
      event.preventDefault();
      closeRef.current?.();
    };
    // A browser may close a dialog despite the cancel being refused (Escape pressed again without a
    // user activation in between): a closable one reports it, a blocking one is shown again.
    const onClosed = () => {
      if (closeRef.current) closeRef.current();
      else if (dialog.isConnected && !dialog.open) dialog.showModal();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClosed);
    dialog.showModal();
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClosed);
      if (dialog.open) dialog.close();
      // close() gives the focus back to where it was; an opener that re-rendered meanwhile gets it here.
      if (previous?.isConnected && document.activeElement !== previous) previous.focus();
    };
  }, []);

  return createPortal(
    <dialog
      ref={ref}
      className="dialog-backdrop"
      // Implicit on <dialog>; written out for the tests and tools that read the attribute.
      role="dialog"
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid={testId}
      onMouseDown={(event) => {
        // The element is the backdrop: a press on it, not on the panel, is outside the dialog.
        if (event.target === event.currentTarget) closeRef.current?.();
      }}
    >
      <div className={`dialog${className ? ` ${className}` : ''}`}>{children}</div>
    </dialog>,
    document.body,
  );
}
