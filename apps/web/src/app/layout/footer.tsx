import { openApiPath } from '@spotter/contract';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** SPEC §2: a footer is always shown. */
export function Footer() {
  return (
    <footer className="footer">
      <p>
        Spotter · a self-hostable social network for people who train · <Link to={paths.requestTester}>API tester</Link>{' '}
        · <a href={openApiPath}>API</a>
      </p>
    </footer>
  );
}
