// Error descriptions in the manner of Azure AD B2C: every error a relying party sees
// carries an AADB2C code at the start of error_description.

export const B2C = {
  cancelled: 'AADB2C90091: The user has cancelled entering self-asserted information.',
  claimsExchangeFailed:
    "AADB2C90075: The claims exchange 'GetUserClaims' specified in step '2' returned HTTP error response that could not be parsed or the service is unavailable.",
  userNotFound:
    "AADB2C99002: This user does not exist and profile 'SelfAsserted-LocalAccountSignin' requires the user to have already been created.",
  noSession: "AADB2C90077: User does not have an existing session and request prompt parameter has a value of 'None'.",
  /** The application is unknown to the directory (not released). */
  unknownClient: (clientId: string) =>
    `AADB2C90018: The client id '${clientId}' specified in the request is not registered in the directory.`,
  internalError: 'AADB2C90085: The service has encountered an internal error. Please reauthenticate and try again.',
  sessionExpired: 'AADB2C90208: The provided session has expired. Please start the flow again.',
} as const;

// Prefixes by OAuth error code for what oidc-provider itself refuses.
const byError: Record<string, string> = {
  access_denied: 'AADB2C90273',
  login_required: 'AADB2C90077',
  interaction_required: 'AADB2C90077',
  consent_required: 'AADB2C90077',
  invalid_request: 'AADB2C90117',
  invalid_scope: 'AADB2C90012',
  invalid_target: 'AADB2C90055',
  unsupported_response_type: 'AADB2C90013',
  unsupported_response_mode: 'AADB2C90010',
  unauthorized_client: 'AADB2C90057',
  invalid_client: 'AADB2C90011',
  invalid_grant: 'AADB2C90080',
  unsupported_grant_type: 'AADB2C90086',
  invalid_redirect_uri: 'AADB2C90006',
  server_error: 'AADB2C90085',
  temporarily_unavailable: 'AADB2C90035',
};

// Finer codes for token endpoint refusals, by oidc-provider's internal error detail.
const byDetail: [RegExp, string][] = [
  [/PKCE|code_verifier|code_challenge/i, 'AADB2C90184'],
  [/redirect_uri mismatch/i, 'AADB2C90006'],
  [/already used|consumed/i, 'AADB2C90129'],
  [/not found|expired/i, 'AADB2C90080'],
];

/** `error_description` with an AADB2C code in front, unless it already has one. */
export function withB2cCode(error: string, description: string | undefined, detail?: string): string {
  const text = description ?? error;
  if (text.startsWith('AADB2C')) return text;
  const fine = detail ? byDetail.find(([re]) => re.test(detail))?.[1] : undefined;
  const code = fine ?? byError[error] ?? 'AADB2C90085';
  return `${code}: ${text}`;
}
