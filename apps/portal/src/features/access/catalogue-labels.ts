// The labels of applications the catalogue has shown, so that a request opened from it names
// the application at once (a request page opened by its address reads the catalogue).
const labels = new Map<string, string>();

export function rememberLabels(items: readonly { readonly id: string; readonly label: string }[]): void {
  for (const item of items) labels.set(item.id, item.label);
}

export function labelOf(id: string): string | undefined {
  return labels.get(id);
}
