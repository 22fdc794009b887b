/** Every refusal the API makes on purpose. The error handler turns it into { message, code, fieldErrors }. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new AppError(400, 'BAD_REQUEST', message, fieldErrors);
export const unauthorized = (message = 'Please sign in') => new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have access to this') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
/** Text PostgreSQL can not store (a NUL character), or JSON can not canonicalize (a lone surrogate): the sender's mistake. */
export const badCharacters = () =>
  new AppError(400, 'BAD_CHARACTERS', 'The request contains characters that cannot be stored (such as the NUL character)');
/** A business rule refused the change (400, as the old product answered); the message is the spec's text shown to the user. */
export const ruleViolation = (message: string, code = 'RULE_VIOLATION') => new AppError(400, code, message);
