// @portal/ui/dialog: Headless UI Dialog (about 15 KB gzip). Import lazily, on first use.
export { Dialog, ConfirmDialog } from './dialog/dialog.tsx';
export type { DialogProps, ConfirmDialogProps } from './dialog/dialog.tsx';
export { QuickLauncher } from './quick-launcher/quick-launcher.tsx';
export type { QuickLauncherItem, QuickLauncherProps } from './quick-launcher/quick-launcher.tsx';
