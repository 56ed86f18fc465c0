// The identity directory's own portal (spec §9): apart from the locale rules it once sat beside,
// so the portal's first route does not carry it (ADR 0007).

/** Link to an application's overview in the identity directory's portal (spec §9). */
export function directoryApplicationUrl(applicationId: string): string {
  return `https://portal.azure.com/#view/Microsoft_AAD_RegisteredApps/ApplicationMenuBlade/~/Overview/appId/${encodeURIComponent(applicationId)}`;
}
