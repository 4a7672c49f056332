import { FormattedMessage } from 'react-intl';

const LOOK = { primary: 'btn btn--primary', secondary: 'btn btn--secondary', quiet: 'btn pro-btn--quiet' } as const;

interface ProActionButtonProps {
  /** The label's message id, and its values. */
  label: string;
  values?: Record<string, string | number>;
  look?: keyof typeof LOOK;
  onClick: () => void;
  disabled: boolean;
  /** The note that says what the action costs, when there is one. */
  describedBy?: string | undefined;
  testId?: string;
}

/** A button of the Pro tool's rows of actions (group choice, analysis, report, export). */
export function ProActionButton({
  label,
  values,
  look = 'secondary',
  onClick,
  disabled,
  describedBy,
  testId,
}: ProActionButtonProps) {
  return (
    <button
      type="button"
      className={LOOK[look]}
      onClick={onClick}
      disabled={disabled}
      aria-describedby={describedBy}
      data-testid={testId}
    >
      <FormattedMessage id={label} {...(values ? { values } : {})} />
    </button>
  );
}
