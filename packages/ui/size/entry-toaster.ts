export { Toast, Toaster } from '@portal/ui/toaster';
