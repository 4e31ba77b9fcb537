import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useDocumentTitle } from '../lib/document-title';

export function NotFound() {
  useDocumentTitle('Page not found');
  return (
    <main className="route-error">
      <h1>Page not found</h1>
      <p>
        <Link to={paths.home}>Back to your feed</Link>
      </p>
    </main>
  );
}
