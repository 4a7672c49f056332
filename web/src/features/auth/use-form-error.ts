import { useCallback, useRef, useState, type RefObject } from 'react';

/** What a form shows after a failed submit: one message, the fields to mark, and server field texts. */
export interface FormError {
  text: string;
  fields: string[];
  serverFields: Record<string, string>;
}

/**
 * Error state of a form plus focus management: after a failed submit the first invalid control gets
 * the focus (keyboard and screen-reader users land on what to fix).
 */
export function useFormError(): {
  formRef: RefObject<HTMLFormElement | null>;
  error: FormError | null;
  show: (text: string, fields?: string[], serverFields?: Record<string, string>) => void;
  clear: () => void;
  /** The user edited `field`: it is no longer marked invalid (the message stays until the next submit). */
  touch: (field: string) => void;
  invalid: (field: string) => boolean;
} {
  const formRef = useRef<HTMLFormElement | null>(null);
  const [error, setError] = useState<FormError | null>(null);

  const show = useCallback((text: string, fields: string[] = [], serverFields: Record<string, string> = {}) => {
    setError({ text, fields, serverFields });
    const first = fields[0] ?? Object.keys(serverFields)[0];
    if (first) {
      // After the render that marks the field invalid.
      queueMicrotask(() => formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus());
    }
  }, []);

  const clear = useCallback(() => setError(null), []);
  const touch = useCallback(
    (field: string) =>
      setError((current) => {
        if (!current || (!current.fields.includes(field) && !(field in current.serverFields))) return current;
        const { [field]: _dropped, ...serverFields } = current.serverFields;
        return { ...current, fields: current.fields.filter((f) => f !== field), serverFields };
      }),
    [],
  );
  const invalid = useCallback(
    (field: string) => Boolean(error && (error.fields.includes(field) || error.serverFields[field])),
    [error],
  );

  return { formRef, error, show, clear, touch, invalid };
}
