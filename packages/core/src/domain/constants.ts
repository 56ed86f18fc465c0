// Business constants and limits of spec §9.

export const toastDurationMs = 4000;
export const fetchDelayMs = 200;
export const authStateLength = 16;
export const codeVerifierLength = 128;
export const nonceLength = 32;
export const maxAuthStateRecords = 4;
export const authCookiePrefix = 'hk-id.auth.';
export const localeCookieKey = 'i18n_redirected';
export const localeCookieMaxAgeDays = 365;
export const externalAppIconSize = 64;
export const logoMaxBytes = 2 * 1024 * 1024;
export const chunkReloadIntervalMs = 60_000;
/** Refresh the tokens this long before the access token expires, at most half its lifetime (`refreshLead`). */
export const refreshLeadMs = 60_000;
/** State cookies live this long (architecture §5). */
export const authStateMaxAgeSeconds = 600;

/** Auth redirects of spec §2. */
export const authRoutes = {
  login: '/auth/login',
  logout: '/',
  home: '/',
  callback: '/auth/login',
  logoutSuccess: '/auth/logout-success',
  claimsRefreshReturn: '/flows/auth-refresh',
  appGate: '/flows/auth',
} as const;
