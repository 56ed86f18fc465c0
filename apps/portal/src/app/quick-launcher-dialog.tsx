// The quick launcher's dialog as the shell opens it (#20.1), loaded on the first Ctrl+K / "/"
// (never in the first route): the home feature's dialog with the admin console's search of
// its entities (a feature reaches another only through the shell or `shared`).
import QuickLauncherDialog from '../features/home/quick-launcher-dialog.tsx';
import { createConsoleSearch } from '../features/admin/quick-search.ts';

export default function ShellQuickLauncherDialog({ onClose }: { readonly onClose: () => void }) {
  return <QuickLauncherDialog onClose={onClose} createEntitySearch={createConsoleSearch} />;
}
