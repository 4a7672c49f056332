import { useState } from 'react';
import { useIntl } from 'react-intl';
import { LocalizedLink } from '../../lib/router/localized-link';
import { PageFrame } from '../../lib/ui/page-frame';
import { PlanComparison } from './plan-comparison';
import './billing.css';

/** The Pro tool's intro video (about 2 minutes, docs/product.md#roles), when the build configures one. */
export interface ProVideo {
  src: string;
  poster?: string | undefined;
}

/**
 * docs/product.md#pro-wall's wall for a visitor on the Pro tool route: hero, optional video, plan comparison and the
 * four ways in. `from` is the path asked for (with its language prefix), where login brings the visitor back.
 */
export function ProMarketing({ from, video }: { from: string; video?: ProVideo | null }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `billing.wall.${id}` });
  return (
    <PageFrame data-testid="pro-wall-marketing">
      <section className="panel billing-hero" aria-labelledby="pro-wall-title">
        <h1 id="pro-wall-title">{t('heroTitle')}</h1>
        <p className="billing-claim">{t('heroBody')}</p>
        <div className="billing-actions">
          <LocalizedLink className="btn btn--primary" to="/register?plan=pro">
            {t('startPro')}
          </LocalizedLink>
          <LocalizedLink className="btn btn--secondary" to="/register">
            {t('register')}
          </LocalizedLink>
          <LocalizedLink className="btn btn--secondary" to={`/login?from=${encodeURIComponent(from)}`}>
            {t('login')}
          </LocalizedLink>
        </div>
      </section>
      {video ? <ClickToPlay video={video} label={t('playVideo')} /> : null}
      <PlanComparison />
      <p className="billing-actions">
        <LocalizedLink className="btn btn--secondary" to="/compte?highlight=pro">
          {t('alreadyMember')}
        </LocalizedLink>
      </p>
    </PageFrame>
  );
}

/** Only the poster until asked: the video file is never fetched by someone who does not play it. */
function ClickToPlay({ video, label }: { video: ProVideo; label: string }) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <video className="billing-video" src={video.src} controls autoPlay playsInline data-testid="pro-video">
        <track kind="captions" />
      </video>
    );
  }
  return (
    <button type="button" className="billing-video billing-video__poster" onClick={() => setPlaying(true)}>
      {video.poster ? <img src={video.poster} alt="" /> : null}
      <span className="billing-video__play">{label}</span>
    </button>
  );
}

/** A signed-in free user on the Pro tool route. */
export function ProNeeded() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `billing.wall.${id}` });
  return (
    <PageFrame>
      <section className="panel" data-testid="pro-wall-needed" aria-labelledby="pro-needed-title">
        <h1 id="pro-needed-title">{t('neededTitle')}</h1>
        <p>{t('neededBody')}</p>
        <div className="billing-actions">
          <LocalizedLink className="btn btn--primary" to="/compte?highlight=pro">
            {t('upgrade')}
          </LocalizedLink>
          <LocalizedLink className="btn btn--secondary" to="/offers">
            {t('learnMore')}
          </LocalizedLink>
        </div>
      </section>
    </PageFrame>
  );
}
