import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_PHARMACY_RADIUS_KM, type MapConfig } from '@pharmaradar/shared/pharmacies.schema';
import { isApiRequestError } from '../../lib/api/client';
import { locate, LocateFailure, type LocateError } from './geolocation';
import { loadLastAnswer, saveLastAnswer, type SavedAnswer } from './last-answer';
import { fetchMapConfig, fetchNearby, type Position } from './nearby-client';

/** docs/product.md#states 'Nearby map': location required, locating, shown, error (loading = asking our server). */
export type NearbyPhase = 'idle' | 'locating' | 'loading' | 'shown' | 'error';
export type NearbyError = LocateError | 'network' | 'server';

export interface NearbyState {
  phase: NearbyPhase;
  error: NearbyError | null;
  radiusKm: number;
  position: Position | null;
  /** The answer on screen: this visit's, or the last one saved on the device. */
  current: SavedAnswer | null;
  /** True while `current` is the saved answer of an earlier visit. */
  fromSaved: boolean;
  config: MapConfig | null;
  configFailed: boolean;
}

export function useNearby() {
  const [state, setState] = useState<NearbyState>(() => {
    const saved = loadLastAnswer();
    return {
      phase: 'idle',
      error: null,
      radiusKm: saved?.answer.radius_km ?? DEFAULT_PHARMACY_RADIUS_KM,
      position: null,
      current: saved,
      fromSaved: saved !== null,
      config: null,
      configFailed: false,
    };
  });
  const request = useRef<AbortController | null>(null);
  // A radius picked before the map settings arrive must not be overwritten by the server's default.
  const radiusChosen = useRef(false);
  // The radius as last chosen, for the asynchronous steps that start from a click.
  const radius = useRef(state.radiusKm);
  useEffect(() => {
    radius.current = state.radiusKm;
  }, [state.radiusKm]);

  useEffect(() => {
    const controller = new AbortController();
    fetchMapConfig(controller.signal).then(
      (config) =>
        setState((s) => ({
          ...s,
          config,
          // The server's default radius counts until the user or a saved answer chose one.
          radiusKm: s.current || s.position || radiusChosen.current ? s.radiusKm : config.default_radius_km,
        })),
      () => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, configFailed: true }));
      },
    );
    return () => {
      controller.abort();
      request.current?.abort();
    };
  }, []);

  const load = useCallback(async (position: Position, radiusKm: number) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setState((s) => ({ ...s, phase: 'loading', error: null, position, radiusKm }));
    try {
      const answer = await fetchNearby(position, radiusKm, controller.signal);
      const saved = saveLastAnswer(answer);
      setState((s) => ({ ...s, phase: 'shown', current: saved, fromSaved: false }));
    } catch (error) {
      if (controller.signal.aborted) return;
      const offline = isApiRequestError(error) && (error.code === 'network' || error.code === 'timeout');
      setState((s) => ({ ...s, phase: 'error', error: offline ? 'network' : 'server' }));
    }
  }, []);

  const start = useCallback(async () => {
    setState((s) => ({ ...s, phase: 'locating', error: null }));
    try {
      const position = await locate();
      await load(position, radius.current);
    } catch (error) {
      const kind = error instanceof LocateFailure ? error.kind : 'unavailable';
      setState((s) => ({ ...s, phase: 'error', error: kind }));
    }
  }, [load]);

  const setRadius = useCallback(
    (radiusKm: number) => {
      radiusChosen.current = true;
      radius.current = radiusKm;
      setState((s) => ({ ...s, radiusKm }));
      if (state.position) void load(state.position, radiusKm);
    },
    [load, state.position],
  );

  return { state, start, setRadius };
}
