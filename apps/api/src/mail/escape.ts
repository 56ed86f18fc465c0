// The one HTML escape of the mails (#29): every text that goes into a mail's HTML — the
// catalogue's words and each value (a user's name, an application's label, a justification, a
// link) — passes through it. Text content and double- or single-quoted attribute values are safe.
const entities: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c);
}
