/**
 * Errors a service may throw to answer with a 4xx. The app's error handler turns them into
 * `{ error: code, message }`; `message` is shown to people, so it is one of the
 * specification's sentences where one exists.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** More fields of the reply body, beside `error` and `message`. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends HttpError {
  constructor(message: string) {
    super(400, 'validation', message);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'Sign in to continue.') {
    super(401, 'unauthorized', message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message: string) {
    super(403, 'forbidden', message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message: string) {
    super(404, 'not_found', message);
  }
}
export class UnsupportedMediaTypeError extends HttpError {
  constructor(message: string) {
    super(415, 'unsupported_media_type', message);
  }
}
export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, 'conflict', message);
  }
}
/** Understood as a request, but not something that can be done (an edit the generator cannot map). */
export class UnprocessableError extends HttpError {
  constructor(message: string, code = 'unprocessable', details: Record<string, unknown> = {}) {
    super(422, code, message, details);
  }
}
export class QuotaExceededError extends HttpError {
  constructor(message: string) {
    super(429, 'quota_exceeded', message);
  }
}
export class ServiceUnavailableError extends HttpError {
  constructor(message: string) {
    super(503, 'unavailable', message);
  }
}
