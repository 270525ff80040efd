// The figures of what a form would start, asked of main as the form changes: one debounced,
// stale-reply-dropping fetch shared by the Ask form and the New review form.
import { useEffect, useState } from 'react';
import type { CallName, CallRequest, CallResponse } from '../../../../shared/api.ts';
import type { AppError } from '../../../../shared/model.ts';
import { call } from '../../api.ts';
import { bridge } from '../../stores/bridge.ts';

export type EstimateState<T> =
  | { status: 'estimating' }
  /** `updating`: the form changed and these figures are being counted again. */
  | { status: 'ready'; estimate: T; updating: boolean }
  | { status: 'failed'; error: AppError };

/** No request to estimate (the form is not filled in enough yet). */
export type IdleEstimate = { status: 'idle' };

type Value<K extends CallName> = Extract<CallResponse<K>, { ok: true }>['value'];

/** Typing waits this long before the figures are counted again. */
const DEBOUNCE_MS = 300;

/**
 * Asks `name` with `request` once the form has been still for a moment; an unchanged request (and
 * `refresh`, anything else the figures depend on) asks nothing again. `null` asks nothing: idle.
 */
export function useEstimate<K extends CallName>(
  name: K,
  request: CallRequest<K>,
  refresh?: unknown,
): EstimateState<Value<K>>;
export function useEstimate<K extends CallName>(
  name: K,
  request: CallRequest<K> | null,
  refresh?: unknown,
): EstimateState<Value<K>> | IdleEstimate;
export function useEstimate<K extends CallName>(
  name: K,
  request: CallRequest<K> | null,
  refresh?: unknown,
): EstimateState<Value<K>> | IdleEstimate {
  type State = EstimateState<Value<K>> | IdleEstimate;
  const [state, setState] = useState<State>(
    request === null ? { status: 'idle' } : { status: 'estimating' },
  );
  // One key for everything the figures depend on; the effect reads the request back from it, so
  // what is asked is exactly what was keyed.
  const key = JSON.stringify([name, request, refresh ?? null]);
  useEffect(() => {
    const [callName, asked] = JSON.parse(key) as [K, CallRequest<K> | null];
    if (asked === null) {
      setState({ status: 'idle' });
      return;
    }
    let current = true;
    // Earlier figures stay shown while the next are counted, unless nothing was known yet.
    setState((s) => (s.status === 'ready' ? { ...s, updating: true } : { status: 'estimating' }));
    const timer = setTimeout(() => {
      void call(bridge(), callName, asked).then((result) => {
        // A reply to an older form is dropped: the figures must match what the form would start.
        if (!current) return;
        setState(
          result.ok
            ? { status: 'ready', estimate: result.value as Value<K>, updating: false }
            : { status: 'failed', error: result.error },
        );
      });
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key]);
  return state;
}
