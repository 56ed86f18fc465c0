/** A cookie that was written did not stick (blocked cookies, over the size limit, jar full). */
export class CookieWriteError extends Error {
  readonly _tag = 'CookieWriteError';
  readonly cookieName: string;
  constructor(cookieName: string) {
    super(`cookie not stored: ${cookieName}`);
    this.name = 'CookieWriteError';
    this.cookieName = cookieName;
  }
}
