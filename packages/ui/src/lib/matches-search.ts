/** Whether an application or page is found by a search: its label or description contains the text (case-insensitive). */
export function matchesSearch(
  entry: { readonly label: string; readonly description?: string | undefined },
  query: string,
): boolean {
  const needle = query.trim().toLocaleLowerCase();
  return (
    needle === '' ||
    entry.label.toLocaleLowerCase().includes(needle) ||
    (entry.description ?? '').toLocaleLowerCase().includes(needle)
  );
}
