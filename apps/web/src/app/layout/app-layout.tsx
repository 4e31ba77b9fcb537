import { type ComponentProps, lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { useLogout } from '../../features/auth';
import { TrendingTags, useNotificationStream } from '../../features/conversation';
import { loadNewPostModal } from '../../features/posts';
import { useAccountSettings } from '../../features/settings';
import { Suggestions, UserSearch } from '../../features/users';
import { useSession } from '../../lib/session';
import { Footer } from './footer';
import { SideNav } from './side-nav';
import { TabBar } from './tab-bar';
import { TopBar } from './top-bar';
import './app-layout.css';

// The composer (media picker, uploads) loads the first time someone opens it, not with every page.
const NewPostModal = lazy(() => loadNewPostModal().then((m) => ({ default: m.NewPostModal })));

/** The New Post dialog, naming the person's default visibility (their account setting, read once it opens). */
function NewPostDialog(props: Omit<ComponentProps<typeof NewPostModal>, 'defaultVisibility'>) {
  const defaultVisibility = useAccountSettings().data?.defaultVisibility;
  return <NewPostModal {...props} defaultVisibility={defaultVisibility} />;
}

/**
 * The signed-in frame of SPEC §2: left navigation, the page, a right sidebar with people search and
 * suggestions, and a footer. ≥ 1024 px: three columns; 720–1023 px: navigation and page, people in
 * a dialog from the top bar; < 720 px: a bottom tab bar instead of the side columns.
 */
export function AppLayout() {
  const session = useSession();
  const logout = useLogout();
  const [composing, setComposing] = useState(false);
  const [peopleOpen, setPeopleOpen] = useState(false);
  const { pathname } = useLocation();
  useNotificationStream(session?.token);
  // Following a search result or suggestion to a profile closes the people dialog.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useEffect(() => setPeopleOpen(false), [pathname]);
  // ProtectedRoute renders this only with a session; logout navigates away before clearing it.
  if (!session) return null;

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {/* Issue 18: search and suggestions come after the endless feed in the page; this reaches them first. */}
      <button
        type="button"
        className="skip-link"
        onClick={() => {
          const search = document.querySelector<HTMLInputElement>('.shell__sidebar input[type="search"]');
          if (search && search.offsetParent !== null) search.focus();
          else setPeopleOpen(true);
        }}
      >
        Skip to search people
      </button>
      <TopBar onPeople={() => setPeopleOpen(true)} onLogout={logout} />
      <aside className="shell__nav">
        <SideNav session={session} onNewPost={() => setComposing(true)} onLogout={logout} />
      </aside>
      <main id="main" className="shell__main" tabIndex={-1}>
        <Outlet />
      </main>
      <aside id="people" className="shell__sidebar" aria-label="People">
        <UserSearch />
        <Suggestions />
        <TrendingTags />
      </aside>
      <Footer />
      <TabBar session={session} onNewPost={() => setComposing(true)} />
      <Modal open={peopleOpen} onClose={() => setPeopleOpen(false)} title="People">
        <div className="people-dialog">
          <UserSearch />
          <Suggestions />
        </div>
      </Modal>
      {composing ? (
        <Suspense fallback={<Spinner label="Opening the composer" />}>
          <NewPostDialog open={composing} onClose={() => setComposing(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
