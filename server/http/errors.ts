// Every failure the API answers, as an i18n key with arguments; the envelope translates it for the caller.
import type { FieldErrors } from '../../resources/validate';
import type { Args } from '../../i18n/translate';

export class ApiError extends Error {
  constructor(
    public status: number,
    public key: string,
    public args?: Args,
    public fieldErrors?: FieldErrors,
    /** a word a client can act on without reading the message (e.g. `stale`: reload the record) */
    public reason?: string,
  ) {
    super(key);
  }
}

export const badRequest = (key = 'vf.error.bad_request', args?: Args) => new ApiError(400, key, args);
export const invalid = (errors: FieldErrors) => new ApiError(400, 'vf.validation.form_failed', undefined, errors);
export const unauthorized = (key = 'vf.error.unauthorized') => new ApiError(401, key);
export const forbidden = (key = 'vf.error.forbidden', args?: Args) => new ApiError(403, key, args);
export const notFound = (key = 'vf.error.not_found', args?: Args) => new ApiError(404, key, args);
export const conflict = (key: string, args?: Args) => new ApiError(409, key, args);
/** The record changed since the caller loaded it (an edit sent an old `version`): reload, then edit again. */
export const stale = () => new ApiError(409, 'vf.securityData.stale', undefined, undefined, 'stale');
export const tooMany = () => new ApiError(429, 'vf.error.rate_limited');
