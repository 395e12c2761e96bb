import { data } from "react-router";
import type { ErrorDetail } from "../../lib/errors/format.ts";
import { isAppError } from "../../server/errors.ts";

/**
 * Runs a page's critical read: a missing thing or invalid parameters give the 404 page
 * (spec §2: page validation failure gives 404); a rate limit's refusal the error page with its
 * words and wait (429, Retry-After); anything else is a real error.
 */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (isAppError(error) && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    if (isAppError(error) && error.status === 429) {
      const seconds = Number(error.params?.seconds ?? 0);
      const refusal: ErrorDetail = { code: error.code, params: error.params };
      throw data(refusal, { status: 429, headers: seconds > 0 ? { "Retry-After": String(seconds) } : {} });
    }
    throw error;
  }
}
