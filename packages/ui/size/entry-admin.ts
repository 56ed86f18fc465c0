export { AdminLayout } from '@portal/ui/admin';
export { DataTable, Pagination, TagInput, LogoUpload } from '@portal/ui';
