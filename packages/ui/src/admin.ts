// @portal/ui/admin: the admin console's layout with its sidebar and application dropdown.
// Only admin routes import it, and they are loaded lazily. The dropdown's Headless UI Menu
// is a chunk of its own, loaded on the first pointer or focus on the dropdown.
export { AdminLayout, AdminSidebar } from './admin/admin-layout.tsx';
export type { AdminLayoutProps, AdminSidebarProps, CurrentApplication } from './admin/admin-layout.tsx';
export { ApplicationMenu, createApplicationMenuLoader } from './admin/application-menu.tsx';
export type {
  ApplicationMenuProps,
  ApplicationLink,
  ApplicationMenuLoader,
  ApplicationMenuModule,
  LazyApplicationMenuProps,
} from './admin/application-menu.tsx';
