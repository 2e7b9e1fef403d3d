/**
 * Messages only the server writes: the web app shows whatever message an
 * answer carries, so these stay out of `messages`, whose every text each
 * page's bundle carries (web/scripts/check-budgets.mjs). Tests use them too.
 */
export const serverMessages = {
  accountLoginsPaused:
    'Too many failed logins for this account from elsewhere. Reset your password to log in now, or try again in an hour.',
  tooManyPasswordAttempts:
    'Too many password attempts for this account. Please wait 15 minutes and try again.',
  uploadTooManyPixels: (megapixels: number) =>
    `The image is too large: at most ${megapixels} megapixels. Save a smaller copy (for example 4000 pixels wide) and upload that.`,
  tooManyRequestsFor: (minutes: number) =>
    `Too many attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  bodyTooComplex: 'The request body has too many parts or is nested too deeply',
  brokenCharacter: (field: string) =>
    `${field} has a broken character (half of an emoji or symbol, an unpaired UTF-16 surrogate): type it again`,
  /** For a value no schema gave a message of its own: the field named, not the validator's English. */
  fieldMissing: (field: string) => `${field} is missing`,
  fieldNotValid: (field: string) => `${field} is not valid`,
} as const;
