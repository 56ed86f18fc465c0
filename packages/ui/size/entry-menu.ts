export { UserMenu, LanguageMenu } from '@portal/ui/menu';
