// How sure a time left fitted on one session's requests alone is. Early in a first run every
// memory may be a few tokens: the requests then barely tell decode time from prefill time, and
// the decode speed the fit finds is the servers' noise (105 ms a token where 16.7 were true, in
// bench/eta.ts), while the rest of the run is mostly decoding. The clock says it does not know
// yet rather than show such a figure (agent/chunk-time.ts).
import type { Usage } from '../../../shared/model.ts';
import type { RequestTiming } from './speed.ts';

/**
 * The relative standard error of the time `rest` takes at the speeds least-squares fitted on
 * `timings` (m ≈ a·p + b·c, as agent/speed.ts fits them): Infinity when the fit is undetermined
 * or fewer than three requests were timed.
 */
export function timeSpread(timings: readonly RequestTiming[], rest: readonly Usage[]): number {
  const n = timings.length;
  if (n < 3) return Infinity;
  let pp = 0;
  let pc = 0;
  let cc = 0;
  let pm = 0;
  let cm = 0;
  for (const { promptTokens: p, completionTokens: c, ms: m } of timings) {
    pp += p * p;
    pc += p * c;
    cc += c * c;
    pm += p * m;
    cm += c * m;
  }
  const det = pp * cc - pc * pc;
  if (!(det > 1e-9 * pp * cc)) return Infinity;
  const a = (pm * cc - cm * pc) / det;
  const b = (cm * pp - pm * pc) / det;
  if (a < 0 || b < 0) return Infinity;
  let residual = 0;
  for (const { promptTokens: p, completionTokens: c, ms: m } of timings)
    residual += (m - a * p - b * c) ** 2;
  const variance = residual / (n - 2);
  // The rest's tokens, P prompt and C completion: its time a·P + b·C, whose variance follows
  // from the fit's covariance σ²·(XᵀX)⁻¹.
  let P = 0;
  let C = 0;
  for (const u of rest) {
    P += u.promptTokens;
    C += u.completionTokens;
  }
  const time = a * P + b * C;
  if (time <= 0) return Infinity;
  const spread = (variance * (P * P * cc - 2 * P * C * pc + C * C * pp)) / det;
  return Math.sqrt(Math.max(0, spread)) / time;
}
