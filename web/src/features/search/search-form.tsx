import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { SEARCH_QUERY_MAX_LENGTH } from '@pharmaradar/shared/search-limits';
import { useScanAction } from '../../lib/scan/scan-action';
import './search-form.css';

interface SearchFormProps {
  /** The query in the URL; the parent remounts the form (key) when it changes. */
  initialQuery: string;
  busy: boolean;
  onSubmit: (query: string) => void;
}

type Problem = 'empty' | 'tooLong' | null;

/**
 * id of the home page's results. The plain form (no script yet, or none: ADR 180) goes to
 * `?q=…#results`, so the browser itself scrolls the results the server drew into view.
 */
export const RESULTS_ANCHOR = 'results';

export function SearchForm({ initialQuery, busy, onSubmit }: SearchFormProps) {
  const intl = useIntl();
  const id = useId();
  const [value, setValue] = useState(initialQuery);
  const [problem, setProblem] = useState<Problem>(null);
  const input = useRef<HTMLInputElement>(null);
  const ScanAction = useScanAction();
  const scanned = useCallback(
    (gtin: string) => {
      setValue(gtin);
      setProblem(null);
      onSubmit(gtin);
    },
    [onSubmit],
  );
  const typeInstead = useCallback(() => input.current?.focus(), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = value.trim();
    const found: Problem = !query ? 'empty' : query.length > SEARCH_QUERY_MAX_LENGTH ? 'tooLong' : null;
    setProblem(found);
    if (!found) onSubmit(query);
  };

  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  return (
    <form className="search-form" role="search" action={`#${RESULTS_ANCHOR}`} noValidate onSubmit={submit}>
      <label className="search-form__label" htmlFor={`${id}-input`}>
        {intl.formatMessage({ id: 'search.form.label' })}
      </label>
      <div className="search-form__row">
        <span className="search-form__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" strokeLinecap="round" />
          </svg>
        </span>
        <input
          ref={input}
          id={`${id}-input`}
          className="search-form__input"
          type="search"
          name="q"
          data-testid="search-input"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            if (problem) setProblem(null);
          }}
          placeholder={intl.formatMessage({ id: 'search.form.placeholder' })}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="search"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${errorId} ${helpId}` : helpId}
        />
        {ScanAction && <ScanAction onCode={scanned} onTypeInstead={typeInstead} />}
        <button
          className="btn btn--primary search-form__submit"
          type="submit"
          data-testid="search-submit"
          aria-busy={busy || undefined}
        >
          {intl.formatMessage({ id: busy ? 'search.form.submitting' : 'search.form.submit' })}
        </button>
      </div>
      {problem && (
        <p id={errorId} className="search-form__error" role="alert" data-testid="search-validation">
          {intl.formatMessage({ id: `search.form.${problem}` })}
        </p>
      )}
      <p id={helpId} className="search-form__help">
        {intl.formatMessage({ id: 'search.form.help' })}
      </p>
    </form>
  );
}
