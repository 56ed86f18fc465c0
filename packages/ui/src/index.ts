// @portal/ui: light presentational components (no Headless UI here, so the launcher's
// first route stays small). Menus: '@portal/ui/menu'; dialogs: '@portal/ui/dialog';
// admin layout and its application dropdown: '@portal/ui/admin' (all three: load lazily).

export { UiTextProvider, useUiText } from './i18n/ui-text.tsx';
export type { UiT, UiTextVars, UiTextProviderProps } from './i18n/ui-text.tsx';
export { UiLinkProvider, UiLink } from './i18n/link.tsx';
export type { UiLinkProps, UiLinkProviderProps } from './i18n/link.tsx';
export { createUiT, interpolate } from './i18n/interpolate.ts';
export type { UiMessages } from './i18n/interpolate.ts';
export { uiLanguages, uiNamespace, loadUiMessages } from './locales/index.ts';
export type { UiLanguage } from './locales/index.ts';

export { createModuleLoader } from './lib/module-loader.ts';
export type { ModuleLoader } from './lib/module-loader.ts';
export { openMenuButton } from './lib/open-menu-button.ts';
export { focusIsLost, focusPageHeading } from './lib/focus.ts';
export { Button } from './button/button.tsx';
export type { ButtonProps } from './button/button.tsx';
export { buttonClasses } from './button/button-classes.ts';
export type { ButtonVariant, ButtonSize } from './button/button-classes.ts';
export { Skeleton, TileSkeleton } from './skeleton/skeleton.tsx';
export type { SkeletonProps } from './skeleton/skeleton.tsx';
export { LanguageButtonFace, menuButtonClasses } from './menu/language-button-face.tsx';
export type { LanguageButtonFaceProps } from './menu/language-button-face.tsx';
export { UserMenuFallback } from './menu/user-menu-fallback.tsx';
export type { UserMenuFallbackProps } from './menu/user-menu-fallback.tsx';
export { Avatar } from './avatar/avatar.tsx';
export type { AvatarProps, AvatarColorToken } from './avatar/avatar.tsx';

export { TextField } from './form/text-field.tsx';
export type { TextFieldProps } from './form/text-field.tsx';
export { TextArea } from './form/text-area.tsx';
export type { TextAreaProps } from './form/text-area.tsx';
export { Select } from './form/select.tsx';
export type { SelectProps, SelectOption } from './form/select.tsx';
export { Checkbox } from './form/checkbox.tsx';
export type { CheckboxProps } from './form/checkbox.tsx';
export { Switch } from './form/switch.tsx';
export type { SwitchProps } from './form/switch.tsx';
export { ReadOnlyField, ReadOnlyGroup } from './form/read-only-field.tsx';
export type { ReadOnlyFieldProps, ReadOnlyGroupProps } from './form/read-only-field.tsx';
export type { FieldBaseProps } from './form/field.tsx';
export { TagInput } from './tag-input/tag-input.tsx';
export type { TagInputProps } from './tag-input/tag-input.tsx';
export { Chip } from './tag-input/chip.tsx';
export type { ChipProps } from './tag-input/chip.tsx';
export { LogoUpload } from './logo-upload/logo-upload.tsx';
export type { LogoUploadProps } from './logo-upload/logo-upload.tsx';

export { Toast, Toaster, useToasterClearance } from './toast/toast.tsx';
export type { ToastMessage, ToastTone, ToastProps, ToasterProps } from './toast/toast.tsx';
export { AppTile } from './launcher/app-tile.tsx';
export type { AppTileData, AppTileProps } from './launcher/app-tile.tsx';
export { Launcher } from './launcher/launcher.tsx';
export type { LauncherProps } from './launcher/launcher.tsx';
export { Greeting, greetingText } from './greeting/greeting.tsx';
export type { GreetingProps, GreetingCode } from './greeting/greeting.tsx';
export { Footer } from './footer/footer.tsx';
export type { FooterProps } from './footer/footer.tsx';
export { ErrorPage } from './error-page/error-page.tsx';
export type { ErrorPageProps } from './error-page/error-page.tsx';
export { PageHeader } from './page-header/page-header.tsx';
export type { PageHeaderProps } from './page-header/page-header.tsx';
export { Section } from './section/section.tsx';
export type { SectionProps, SectionHeadingSize } from './section/section.tsx';
export { SessionList } from './session-list/session-list.tsx';
export type { SessionListProps } from './session-list/session-list.tsx';
export { DataTable, useDelayedFlag } from './data-table/data-table.tsx';
export type { DataTableProps, DataTableColumn, DataTableSort, SortOrder } from './data-table/data-table.tsx';
export { Pagination, pageRange } from './data-table/pagination.tsx';
export type { PaginationProps } from './data-table/pagination.tsx';

export { TopBar, Brand, SkipLink } from './layouts/top-bar.tsx';
export type { TopBarProps, BrandProps, TopNavProps } from './layouts/top-bar.tsx';
export { DefaultLayout, EmptyLayout, NoNavbarLayout, ExternalAppLayout } from './layouts/layouts.tsx';
export type { DefaultLayoutProps, EmptyLayoutProps, ExternalAppLayoutProps } from './layouts/layouts.tsx';
