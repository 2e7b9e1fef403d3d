import type { ApiIssue } from '@shop/shared';

export type { ApiIssue };

/** A non-2xx answer (or no answer) from the API: its message and, for a refused form, the field issues. */
export class ApiError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    message: string,
    readonly issues: ApiIssue[] = [],
    /** True when the global 401 rule already told the user and sent them to /login. */
    readonly sessionLost = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
