import { fn } from 'storybook/test';
import { UserMenu, LanguageMenu } from '../menu/menus.tsx';
import type { FooterProps } from '../footer/footer.tsx';

const brandLogo = `data:image/svg+xml;utf8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#1d4ed8"/><path d="M8 24V8h4v6h8V8h4v16h-4v-6h-8v6z" fill="#fff"/></svg>')}`;
export const externalLogo = `data:image/svg+xml;utf8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="#047857"/><path d="M18 40l14-18 14 18z" fill="#fff"/></svg>')}`;

export const brand = { name: 'Musterküchen Portal', logoUrl: brandLogo };

export const footer: FooterProps = {
  year: 2026,
  companyName: 'Musterküchen GmbH',
  privacyHref: '/datenschutz',
  imprintHref: '/impressum',
};

export const languages = [
  { code: 'de', title: 'Deutsch' },
  { code: 'en', title: 'English' },
  { code: 'fr', title: 'Français' },
  { code: 'es', title: 'Español' },
  { code: 'it', title: 'Italiano' },
  { code: 'nl', title: 'Nederlands' },
  { code: 'pl', title: 'Polski' },
];

export const languageSwitcher = <LanguageMenu languages={languages} current="de" onChange={fn()} />;
/** The signed-in user of the stories (the user menu's props). */
export const signedInUser = {
  name: 'Anna Schmidt',
  email: 'anna.schmidt@example.com',
  settingsHref: '/settings',
  signOutAction: '/auth/logout',
};
export const userMenu = <UserMenu {...signedInUser} onSignOut={fn()} />;

/** Demo content of the layout stories. */
const demoCards = [
  { title: 'Händlerbestellung', text: 'Aufträge erfassen und verfolgen' },
  { title: 'Küchenplaner', text: 'Küchen in 3D planen und anbieten' },
  { title: 'Serviceportal', text: 'Reklamationen und Ersatzteile' },
  { title: 'Marketing-Downloads', text: 'Bilder, Broschüren und Vorlagen' },
];

export function PageBody() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {demoCards.map((card) => (
        <div key={card.title} className="rounded-xl border border-line bg-surface p-6">
          <h2 className="text-xl font-semibold">{card.title}</h2>
          <p className="mt-1 text-sm text-fg-muted">{card.text}</p>
        </div>
      ))}
    </div>
  );
}
