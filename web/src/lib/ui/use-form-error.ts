import { useCallback, useRef, useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { Invalid } from './form-validation';

/** What a form shows after a failed submit: a summary, the fields to mark and the text under each. */
export interface FormError {
  text: string;
  fields: string[];
  /** Translated message shown under a field (from our checks or from the server), by field name. */
  fieldTexts: Record<string, string>;
}

/**
 * Error state of a form plus focus management: after a failed submit the first invalid control gets
 * the focus (keyboard and screen-reader users land on what to fix, the summary is announced).
 */
export function useFormError<E extends HTMLElement = HTMLFormElement>(): {
  formRef: RefObject<E | null>;
  error: FormError | null;
  show: (text: string, fields?: string[], fieldTexts?: Record<string, string>) => void;
  /** Shows a failed client-side check: summary on top, each field's message under it. */
  showInvalid: (invalid: Invalid) => void;
  clear: () => void;
  /** The user edited `field`: it is no longer marked invalid and its message goes (the summary stays). */
  touch: (field: string) => void;
  invalid: (field: string) => boolean;
  /** The message under `field`, if any. */
  fieldText: (field: string) => string | undefined;
} {
  const intl = useIntl();
  const formRef = useRef<E | null>(null);
  const [error, setError] = useState<FormError | null>(null);

  const show = useCallback((text: string, fields: string[] = [], fieldTexts: Record<string, string> = {}) => {
    setError({ text, fields, fieldTexts });
    const first = fields[0] ?? Object.keys(fieldTexts)[0];
    if (first) {
      // After the render that marks the field invalid.
      queueMicrotask(() => formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
    }
  }, []);

  const showInvalid = useCallback(
    (invalid: Invalid) => {
      const fieldTexts: Record<string, string> = {};
      for (const [field, id] of Object.entries(invalid.fieldMessages)) {
        if (typeof id === 'string') fieldTexts[field] = intl.formatMessage({ id });
      }
      show(intl.formatMessage({ id: invalid.message }), invalid.fields, fieldTexts);
    },
    [intl, show],
  );

  const clear = useCallback(() => setError(null), []);
  const touch = useCallback(
    (field: string) =>
      setError((current) => {
        if (!current || (!current.fields.includes(field) && !(field in current.fieldTexts))) return current;
        const { [field]: _dropped, ...fieldTexts } = current.fieldTexts;
        return { ...current, fields: current.fields.filter((f) => f !== field), fieldTexts };
      }),
    [],
  );
  const invalid = useCallback(
    (field: string) => Boolean(error && (error.fields.includes(field) || error.fieldTexts[field])),
    [error],
  );
  const fieldText = useCallback((field: string) => error?.fieldTexts[field], [error]);

  return { formRef, error, show, showInvalid, clear, touch, invalid, fieldText };
}
