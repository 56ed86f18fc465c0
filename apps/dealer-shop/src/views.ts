// The shop's pages: server-rendered, no inline script or style.

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface ShopUser {
  sub: string;
  name: string;
  email: string;
  hkData: unknown;
}

interface HomeView {
  label: string;
  portalLink: string;
  user?: ShopUser;
  notice?: string;
}

function permissionsOf(hkData: unknown): string[] {
  if (typeof hkData !== 'object' || hkData === null || !('permissions' in hkData)) return [];
  const { permissions } = hkData;
  return Array.isArray(permissions) ? permissions.filter((p): p is string => typeof p === 'string') : [];
}

export function homePage(v: HomeView): string {
  const body = v.user
    ? `<h1>${escapeHtml(v.label)}</h1>
<p class="lead">Angemeldet als <strong id="user-name">${escapeHtml(v.user.name)}</strong> (${escapeHtml(v.user.email)})</p>
<h2>Berechtigungen</h2>
${
  permissionsOf(v.user.hkData).length
    ? `<ul id="permissions">${permissionsOf(v.user.hkData)
        .map((p) => `<li><code>${escapeHtml(p)}</code></li>`)
        .join('')}</ul>`
    : '<p id="permissions">Keine Berechtigungen.</p>'
}
<h2>hkData</h2>
<pre id="hk-data">${escapeHtml(JSON.stringify(v.user.hkData, null, 2))}</pre>
<form method="post" action="/logout"><button type="submit" class="secondary">Abmelden</button></form>`
    : `<h1>${escapeHtml(v.label)}</h1>
<p class="lead">Bestellen Sie Küchen und Ersatzteile für Ihren Betrieb.</p>
<p><a class="button" href="/login">Anmelden</a></p>`;
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(v.label)}</title>
<link rel="icon" href="/favicon.ico" type="image/svg+xml">
<link rel="stylesheet" href="/style.css">
</head>
<body>
<header><span class="logo" aria-hidden="true">HB</span> <span>${escapeHtml(v.label)}</span> <a href="${escapeHtml(v.portalLink)}">Im Portal öffnen</a></header>
<main>
${v.notice ? `<p class="notice" role="alert">${escapeHtml(v.notice)}</p>` : ''}
${body}
</main>
</body>
</html>`;
}

export const css = `:root{color-scheme:light dark;--bg:#faf7f2;--text:#2b2118;--muted:#6b5b4b;--accent:#8a4b14;--accent-text:#fff;--card:#fff;--border:#e2d6c8}
@media (prefers-color-scheme:dark){:root{--bg:#1b1612;--text:#f3ebe2;--muted:#b8a898;--accent:#f0a35e;--accent-text:#1b1612;--card:#241d17;--border:#3d3128}}
body{margin:0;background:var(--bg);color:var(--text);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
header{display:flex;gap:12px;align-items:center;padding:12px 24px;border-bottom:1px solid var(--border);background:var(--card)}header a{margin-left:auto;color:var(--accent)}
.logo{display:inline-grid;place-items:center;width:32px;height:32px;border-radius:8px;background:var(--accent);color:var(--accent-text);font-weight:700}
main{max-width:720px;margin:32px auto;padding:0 24px}.lead{font-size:18px}
pre{background:var(--card);border:1px solid var(--border);border-radius:8px;padding:12px;overflow:auto}
.button,button{display:inline-block;font:inherit;border-radius:8px;padding:8px 16px;border:1px solid var(--accent);background:var(--accent);color:var(--accent-text);text-decoration:none;cursor:pointer}
button.secondary{background:transparent;color:var(--text);border-color:var(--border)}
.notice{border:1px solid var(--border);background:var(--card);border-radius:8px;padding:8px 12px}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}`;

export const favicon =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#8a4b14"/><text x="16" y="21" font-size="13" font-family="sans-serif" font-weight="700" fill="#fff" text-anchor="middle">HB</text></svg>';
