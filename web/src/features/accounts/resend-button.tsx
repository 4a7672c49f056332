import { useIntl } from 'react-intl';

interface ResendButtonProps {
  remaining: number;
  busy: boolean;
  onResend: () => void;
  /** Message ids: the action, and the action with `{seconds}` while the countdown runs. */
  labelId: string;
  countdownId: string;
}

/** A resend action that stays disabled while its visible countdown runs. */
export function ResendButton({ remaining, busy, onResend, labelId, countdownId }: ResendButtonProps) {
  const intl = useIntl();
  const waiting = remaining > 0;
  return (
    <button
      type="button"
      className="auth-link-button"
      onClick={onResend}
      disabled={waiting || busy}
      data-testid="resend"
    >
      {waiting ? intl.formatMessage({ id: countdownId }, { seconds: remaining }) : intl.formatMessage({ id: labelId })}
    </button>
  );
}
