export { Dialog, ConfirmDialog } from '@portal/ui/dialog';
