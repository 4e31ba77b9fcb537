import { type ComponentProps, lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { useLogout } from '../../features/auth';
import { TrendingTags, useNotificationStream } from '../../features/conversation';
import { forgetNewPosts, loadNewPostModal, noteNewPost } from '../../features/posts';
import { useAccountSettings } from '../../features/settings';
import { discardOutboxOf, RecentWorkoutPicker, useOutbox, useOutboxSync } from '../../features/training';
import { Suggestions, UserSearch, useFreshSessionUser } from '../../features/users';
import { useSession } from '../../lib/session';
import { Footer } from './footer';
import { MoreSheet } from './more-sheet';
import { SideNav } from './side-nav';
import { TabBar } from './tab-bar';
import { TopBar } from './top-bar';
import './app-layout.css';

// The composer (media picker, uploads) loads the first time someone opens it, not with every page.
const NewPostModal = lazy(() => loadNewPostModal().then((m) => ({ default: m.NewPostModal })));

/** The New Post dialog, naming the person's default visibility (their account setting, read once it opens). */
function NewPostDialog(props: Omit<ComponentProps<typeof NewPostModal>, 'defaultVisibility'>) {
  const defaultVisibility = useAccountSettings().data?.defaultVisibility;
  // A new post may carry one of the author's recent workouts (training's picker).
  return <NewPostModal {...props} defaultVisibility={defaultVisibility} WorkoutPicker={RecentWorkoutPicker} />;
}

/**
 * The signed-in frame of SPEC §2: left navigation, the page, a right sidebar with people search and
 * suggestions, and a footer. ≥ 1024 px: three columns; 720–1023 px: navigation and page, people in
 * a dialog from the top bar; < 720 px: a bottom tab bar instead of the side columns, its "More"
 * sheet holding the places beyond its five, Settings and Logout.
 */
export function AppLayout() {
  const session = useSession();
  const logout = useLogout();
  const [composing, setComposing] = useState(false);
  const [peopleOpen, setPeopleOpen] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const waiting = useOutbox(session?.user.username);
  useNotificationStream(session?.token, noteNewPost);
  // New posts noted for one session are not another's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the session's change is the trigger
  useEffect(() => forgetNewPosts, [session?.token]);
  useFreshSessionUser(session?.token);
  useOutboxSync(session?.user.username);
  // The installed app's "New Post" shortcut (issue 48) opens /landing?compose=post.
  useEffect(() => {
    if (searchParams.get('compose') !== 'post') return;
    setComposing(true);
    setSearchParams(
      (params) => {
        params.delete('compose');
        return params;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);
  // Following a search result or suggestion to a profile closes the people dialog.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useEffect(() => {
    setPeopleOpen(false);
    setMoreOpen(false);
  }, [pathname]);
  // ProtectedRoute renders this only with a session; logout navigates away before clearing it.
  if (!session) return null;
  // Workouts saved offline and not yet synced would be lost with the session: ask first (issue 48).
  const logOut = () => (waiting.length > 0 ? setConfirmingLogout(true) : logout());

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
      <TopBar onPeople={() => setPeopleOpen(true)} onNewPost={() => setComposing(true)} />
      <aside className="shell__nav">
        <SideNav session={session} onNewPost={() => setComposing(true)} onLogout={logOut} />
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
      <TabBar session={session} onMore={() => setMoreOpen(true)} moreOpen={moreOpen} />
      <MoreSheet open={moreOpen} onClose={() => setMoreOpen(false)} session={session} onLogout={logOut} />
      <Modal open={peopleOpen} onClose={() => setPeopleOpen(false)} title="People">
        <div className="people-dialog">
          <UserSearch />
          <Suggestions placement="dialog" />
        </div>
      </Modal>
      {confirmingLogout && (
        <ConfirmDialog
          title="Log out?"
          confirmLabel="Log out and discard"
          confirmVariant="danger"
          busy={false}
          onCancel={() => setConfirmingLogout(false)}
          onConfirm={() => {
            setConfirmingLogout(false);
            void discardOutboxOf(session.user.username).finally(logout);
          }}
        >
          {waiting.length === 1 ? 'A workout' : `${waiting.length} workouts`} saved on this device{' '}
          {waiting.length === 1 ? 'has' : 'have'} not synced yet. Logging out discards{' '}
          {waiting.length === 1 ? 'it' : 'them'}.
        </ConfirmDialog>
      )}
      {composing ? (
        <Suspense fallback={<Spinner label="Opening the composer" />}>
          <NewPostDialog open={composing} onClose={() => setComposing(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
