// @portal/ui/menu: Headless UI Menu (about 30 KB gzip with floating-ui). Import lazily.
export { UserMenu, LanguageMenu } from './menu/menus.tsx';
export type { UserMenuProps, LanguageMenuProps, LanguageOption } from './menu/menus.tsx';
