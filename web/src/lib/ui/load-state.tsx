import type { ReactNode } from 'react';
import { FormAlert } from './form-alert';
import { Spinner } from './spinner';

export type LoadStateProps =
  | { state: 'loading'; text: ReactNode; spinner?: 'sm' | 'md' }
  | { state: 'failed'; text: ReactNode; errorId: string; retry?: { label: ReactNode; onRetry: () => void } };

/**
 * What a block shows while its data is on the way, or when it could not be had: a status line with
 * the spinner, or the error (announced at once) with an optional retry.
 */
export function LoadState(props: LoadStateProps) {
  if (props.state === 'loading') {
    return (
      <p role="status">
        <Spinner size={props.spinner ?? 'sm'} /> {props.text}
      </p>
    );
  }
  return (
    <>
      <FormAlert id={props.errorId}>{props.text}</FormAlert>
      {props.retry ? (
        <button type="button" className="btn btn--secondary" onClick={props.retry.onRetry}>
          {props.retry.label}
        </button>
      ) : null}
    </>
  );
}
