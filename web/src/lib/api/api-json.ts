import { ApiRequestError } from './api-request-error';
import { open, readBody, type Method, type RequestOptions } from './api-exchange';

/** A JSON call: the answer read to its end and checked against the caller's schema or reader. */
export async function send<T>(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions<T>,
  csrfToken: string | null,
): Promise<T> {
  const { response, release } = await open(method, path, body, options, csrfToken);
  // The timeout covers the wait for an answer; a JSON body that started arriving is read to its end.
  release();
  const data = await readBody(response);
  const invalid = () =>
    new ApiRequestError({
      status: response.status,
      code: 'invalid_response',
      detail: 'Unexpected answer from the server.',
    });
  if (options.read) {
    const value = options.read(data);
    if (value === null) throw invalid();
    return value;
  }
  if (!options.schema) return data as T;
  const checked = options.schema.safeParse(data);
  if (!checked.success) throw invalid();
  return checked.data;
}
