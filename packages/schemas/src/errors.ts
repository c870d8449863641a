import { z } from 'zod';
/** Error codes and the JSON envelope every API answer uses. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<TErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** a service we depend on (HMRC) did not answer: nothing was done, try again later */
  UNAVAILABLE: 503,
};

export const ERROR_MESSAGES = {
  authRequired: 'Authentication required',
  sessionExpired: 'Session expired, please sign in again',
  /** shown on the sign-in screen when a stored token was refused */
  sessionExpiredNotice: 'Your session has expired. Please sign in again.',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  rateLimited: 'Rate limit exceeded. Please wait a moment and try again.',
  internal: 'Something went wrong',
  malformedJson: 'Malformed JSON body',
  payloadTooLarge: 'Request body is too large',
  routeNotFound: 'Route not found',
  clientInUse: 'This client has quotes, invoices or events and cannot be deleted',
  companyNotFound: 'Company profile not found',
  companyExists: 'Company profile already exists',
  companyRequiredForPdf: 'Create your company profile before generating PDFs',
  logoType: 'Logo must be a PNG or JPEG image',
  logoSize: 'Logo must be 2 MB or smaller',
  pdfFailed: 'Failed to generate PDF preview',
  notFound: (what: string) => `${what} not found`,
  illegalTransition: (action: string, kind: 'quote' | 'invoice', status: string) =>
    `Cannot ${action} ${kind === 'invoice' ? 'an invoice' : 'a quote'} that is ${status}`,
} as const;

export interface TApiSuccess<T> {
  success: true;
  data: T;
}
export interface TApiFailure {
  success: false;
  error: string;
  code?: TErrorCode;
  /** field path (dot-joined) -> message, for validation errors */
  details?: Record<string, string>;
}
export type TApiResponse<T> = TApiSuccess<T> | TApiFailure;

/** Every failure the API answers, whatever the route. */
export const ZApiFailure = z.strictObject({
  success: z.literal(false),
  error: z.string().min(1),
  code: z.enum(ERROR_CODES).optional(),
  details: z.record(z.string(), z.string()).optional(),
});
/** The success envelope around one route's data. */
export const ZApiSuccess = <T extends z.ZodType>(data: T) => z.strictObject({ success: z.literal(true), data });
