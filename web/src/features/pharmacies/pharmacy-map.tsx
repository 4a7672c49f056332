import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { MapConfig, NearbyPharmacy } from '@pharmaradar/shared/pharmacies.schema';
import type { MapHandle } from './leaflet-map';
import type { Position } from './nearby-client';

export interface PharmacyMapProps {
  config: MapConfig | null;
  configFailed: boolean;
  position: Position;
  pharmacies: NearbyPharmacy[];
}

export interface PharmacyMapControls {
  focus(id: string): void;
  showMe(): void;
}

type MapProblem = 'mapKey' | 'mapLoad' | null;

/**
 * The map beside (wide) or above (phone) the list. Leaflet is a separate chunk loaded here, so other
 * pages never download it; when it cannot load, or the tiles never come, the page says so and the
 * list keeps working.
 */
export const PharmacyMap = forwardRef<PharmacyMapControls, PharmacyMapProps>(function PharmacyMap(
  { config, configFailed, position, pharmacies },
  ref,
) {
  const intl = useIntl();
  const element = useRef<HTMLDivElement>(null);
  const handle = useRef<MapHandle | null>(null);
  const [ready, setReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const problem: MapProblem = config?.key_missing ? 'mapKey' : configFailed || loadFailed ? 'mapLoad' : null;
  const youLabel = intl.formatMessage({ id: 'pharmacies.you' });

  useEffect(() => {
    if (!config || config.key_missing || !element.current) return;
    let cancelled = false;
    const container = element.current;
    import('./leaflet-map')
      .then(({ createMap }) => {
        if (cancelled) return;
        handle.current = createMap(container, {
          tileUrl: config.tile_url,
          attribution: config.attribution,
          maxZoom: config.max_zoom,
          youLabel,
          onLoadFailure: () => setLoadFailed(true),
        });
        setReady(true);
      })
      .catch(() => {
        if (!cancelled) setLoadFailed(true);
      });
    return () => {
      cancelled = true;
      handle.current?.destroy();
      handle.current = null;
      setReady(false);
    };
  }, [config, youLabel]);

  useEffect(() => {
    if (ready) handle.current?.show(position, pharmacies);
  }, [ready, position, pharmacies]);

  useImperativeHandle(ref, () => ({
    focus: (id) => {
      handle.current?.focus(id);
      element.current?.scrollIntoView?.({ block: 'nearest' });
    },
    showMe: () => handle.current?.showMe(),
  }));

  return (
    <div className="pharmacies-map">
      {problem && (
        <p className="pharmacies-map__problem" role="alert" data-testid="map-problem">
          {intl.formatMessage({ id: `pharmacies.error.${problem}` })}
        </p>
      )}
      {!config?.key_missing && (
        <div
          ref={element}
          className="pharmacies-map__canvas"
          data-testid="pharmacies-map"
          data-ready={ready ? 'true' : 'false'}
          role="region"
          aria-label={intl.formatMessage({ id: 'pharmacies.mapLabel' })}
          hidden={problem !== null}
        />
      )}
    </div>
  );
});
