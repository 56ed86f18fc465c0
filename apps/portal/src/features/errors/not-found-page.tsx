import { ErrorView } from '../../app/error-view.tsx';

export default function NotFoundPage() {
  return <ErrorView error={{ kind: 'page', status: 404 }} />;
}
