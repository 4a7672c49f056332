/** Every failed API call throws this: the server's `{detail, code, fields?}` or a client-side code. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  /**
   * The server's code, or a client-side one (status 0): `network` (server unreachable, offline), `timeout`
   * (30 s elapsed), `aborted` (the caller's signal), `invalid_response` (2xx body not matching the schema).
   */
  readonly code: string;
  readonly detail: string;
  readonly fields: Record<string, string> | undefined;
  /** Seconds to wait before trying again, from a 429's Retry-After header (e.g. the OTP resend countdown). */
  readonly retryAfter: number | undefined;

  constructor(init: {
    status: number;
    code: string;
    detail: string;
    fields?: Record<string, string> | undefined;
    retryAfter?: number | undefined;
  }) {
    super(init.detail || init.code);
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.fields = init.fields;
    this.retryAfter = init.retryAfter;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}
