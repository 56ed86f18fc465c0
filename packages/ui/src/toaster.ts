// @portal/ui/toaster: the toast region and its toasts (their icons too). The portal loads it
// after the first view is ready, or at once for a toast: the first route does not carry it.
export { Toast, Toaster } from './toast/toast.tsx';
export type { ToastMessage, ToastProps, ToasterProps, ToastTone } from './toast/toast.tsx';
