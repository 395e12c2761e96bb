import { data } from "react-router";
import { isAppError } from "../../server/errors.ts";

/**
 * Runs a page's critical read: a missing thing or invalid parameters give the 404 page
 * (spec §2: page validation failure gives 404); anything else is a real error.
 */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (isAppError(error) && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  }
}
