// Whose measured speed a finished run adds to, and an estimate reads (settings-repo speedSums):
// the library profile it was read with, else — an in-memory profile, the command line's — its
// backend's kind and address, so `memagent review` and `ask` on one server estimate their time
// from the runs read there before.
import type { RunBackend } from '../../../shared/model.ts';

export function speedOwner(
  profileId: string | undefined,
  backend: RunBackend | undefined,
): string | undefined {
  if (profileId !== undefined) return profileId;
  return backend === undefined ? undefined : `backend:${backend.kind}:${backend.baseUrl}`;
}
