import { FormattedMessage, useIntl } from 'react-intl';
import { secondsLeft } from './group-rows';
import type { Progress } from './use-group-analysis';

/** done / total, the time left at the pace so far, and the stop button of a running analysis. */
export function GroupProgress({ progress, onStop }: { progress: Progress; onStop: () => void }) {
  const intl = useIntl();
  const left = secondsLeft(progress.done, progress.total, progress.now - progress.startedAt);
  return (
    <div className="pro-progress" data-testid="pro-progress">
      <progress
        className="pro-progress__bar"
        value={progress.done}
        max={progress.total}
        aria-label={intl.formatMessage({ id: 'pro.tool.group.progress' })}
      />
      <p className="pro-progress__text" aria-live="polite">
        <span data-testid="pro-progress-count">
          <FormattedMessage id="pro.tool.group.progressCount" values={{ done: progress.done, total: progress.total }} />
        </span>
        {' · '}
        <span data-testid="pro-progress-left">
          {left === null ? (
            <FormattedMessage id="pro.tool.group.estimating" />
          ) : left < 60 ? (
            <FormattedMessage id="pro.tool.group.secondsLeft" values={{ seconds: left }} />
          ) : (
            <FormattedMessage id="pro.tool.group.minutesLeft" values={{ minutes: Math.ceil(left / 60) }} />
          )}
        </span>
      </p>
      <button type="button" className="btn btn--secondary" onClick={onStop}>
        <FormattedMessage id="pro.tool.group.stop" />
      </button>
    </div>
  );
}
