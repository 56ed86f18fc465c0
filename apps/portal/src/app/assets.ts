/** Logo URLs may be paths relative to the API base (`/Applications/Image/…svg`). */
export function resolveAssetUrl(url: string | undefined, apiUrl: string): string | undefined {
  if (url === undefined || url === '') return undefined;
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('/') && !url.startsWith('//')) return `${apiUrl}${url}`;
  return undefined;
}
