import { useState } from 'react';
import { useIntl } from 'react-intl';
import { PageFrame } from '../../lib/ui/page-frame';
import { PlanComparison } from './plan-comparison';
import { ButtonLink } from '../../lib/ui/button-link';
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
          <ButtonLink primary to="/register?plan=pro">
            {t('startPro')}
          </ButtonLink>
          <ButtonLink to="/register">{t('register')}</ButtonLink>
          <ButtonLink to={`/login?from=${encodeURIComponent(from)}`}>{t('login')}</ButtonLink>
        </div>
      </section>
      {video ? <ClickToPlay video={video} label={t('playVideo')} /> : null}
      <PlanComparison />
      <p className="billing-actions">
        <ButtonLink to="/compte?highlight=pro">{t('alreadyMember')}</ButtonLink>
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
          <ButtonLink primary to="/compte?highlight=pro">
            {t('upgrade')}
          </ButtonLink>
          <ButtonLink to="/offers">{t('learnMore')}</ButtonLink>
        </div>
      </section>
    </PageFrame>
  );
}
