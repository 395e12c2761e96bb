// Errors a domain service raises on purpose. The HTTP layer turns them into the spec's
// error shape (§7: a JSON array whose first element has `message`); pages into a status.
export class AppError extends Error {
  readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 429 | 500 | 503;
  readonly code: string;
  readonly field?: string;
  /** A brand rather than instanceof: the page bundle holds its own copy of this class. */
  readonly isAppError = true;

  constructor(status: AppError["status"], code: string, message: string, field?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

export const notFound = (what: string, code = "not_found") => new AppError(404, code, `${what} could not be found`);
export const badInput = (field: string, message: string) => new AppError(400, "invalid_input", message, field);

export function isAppError(error: unknown): error is AppError {
  return typeof error === "object" && error !== null && (error as { isAppError?: unknown }).isAppError === true;
}
