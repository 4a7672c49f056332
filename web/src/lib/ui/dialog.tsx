import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModalFocus } from '../a11y/modal-focus';
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
 * The one modal dialog of the app: rendered in its own body-level container, the rest of the page is
 * inert, the focus moves in and Tab stays inside, Escape closes it (when it may close), and the focus
 * goes back where it was on close (lib/a11y/modal-focus).
 */
export function Dialog({ labelledBy, describedBy, onClose, className, testId, children }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  useModalFocus(ref, onClose);
  return createPortal(
    <div
      className="dialog-backdrop"
      data-modal-root=""
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose?.();
      }}
    >
      <div
        ref={ref}
        className={`dialog${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        data-testid={testId}
        tabIndex={-1}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
