// @portal/ui/admin: the admin console's layout with its sidebar and application dropdown
// (Headless UI Menu). Only admin routes import it, and they are loaded lazily.
export { AdminLayout, AdminSidebar } from './admin/admin-layout.tsx';
export type { AdminLayoutProps, AdminSidebarProps, CurrentApplication } from './admin/admin-layout.tsx';
export { ApplicationMenu } from './admin/application-menu.tsx';
export type { ApplicationMenuProps, ApplicationLink } from './admin/application-menu.tsx';
