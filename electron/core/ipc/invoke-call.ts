import {
  calls,
  type CallContext,
  type CallHandlers,
  type CallName,
  type CallResponse,
} from '../../../shared/api.ts';
import type { AppError } from '../../../shared/model.ts';
import { appErrorSchema } from '../../../shared/schemas.ts';
import { toAppError } from '../errors.ts';

/**
 * The one way into the service from outside (Electron's IPC wrapper and the e2e harness):
 * checks `rawRequest` against the contract's zod schema, calls the handler, and turns anything
 * thrown into an error value, so both hosts behave the same and a bad request never reaches core.
 */
export async function invokeCall<K extends CallName>(
  handlers: CallHandlers,
  name: K,
  rawRequest: unknown,
  ctx: CallContext,
): Promise<CallResponse<K>> {
  if (!Object.hasOwn(calls, name)) {
    return {
      ok: false,
      error: { kind: 'BadUsage', message: 'Unknown request.', detail: String(name) },
    } as CallResponse<K>;
  }
  const parsed = calls[name].request.safeParse(rawRequest ?? {});
  if (!parsed.success) {
    // A check written for the user (`refusal` in shared/schemas.ts) answers with its own sentence.
    for (const issue of parsed.error.issues) {
      const refused = appErrorSchema.safeParse(issue.code === 'custom' && issue.params?.refusal);
      if (refused.success) return { ok: false, error: refused.data } as CallResponse<K>;
    }
    const error: AppError = {
      kind: 'BadUsage',
      message: 'The request was not valid.',
      detail: parsed.error.issues
        .map((i) => `${i.path.join('.') || '(request)'}: ${i.message}`)
        .join('; '),
    };
    return { ok: false, error } as CallResponse<K>;
  }
  try {
    const handler = handlers[name] as (
      request: unknown,
      ctx: CallContext,
    ) => Promise<CallResponse<K>>;
    return await handler(parsed.data, ctx);
  } catch (error) {
    return { ok: false, error: toAppError(error) } as CallResponse<K>;
  }
}

/** Runs `body` and wraps its value, or the error it throws, as a `Result`. */
export async function asResult<T>(
  body: () => Promise<T> | T,
): Promise<{ ok: true; value: T } | { ok: false; error: AppError }> {
  try {
    return { ok: true, value: await body() };
  } catch (error) {
    return { ok: false, error: toAppError(error) };
  }
}
