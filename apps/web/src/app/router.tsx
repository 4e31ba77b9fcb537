import { createBrowserRouter } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { paths, profileTabSegments } from '../config/paths';
import { ProtectedRoute } from '../features/auth';
import { queryClient } from './providers';
import { RootFrame } from './root-frame';
import { RouteError } from './route-error';

/**
 * SPEC §2's route table. Every screen is its own lazily loaded chunk, so `/` loads only the login
 * screen; a chunk that fails to load lands in RouteError, which says so. The feeds' loaders start
 * their first page as soon as their chunk arrives, before the screen renders. A screen of one feature
 * is that feature's (features/<f>/routes/); one that shows several (a post card's menu and workout,
 * a profile's posts and training) is composed in ./routes/.
 */
export const router = createBrowserRouter([
  {
    Component: RootFrame,
    errorElement: <RouteError />,
    // Shown while the first screen's chunk loads.
    hydrateFallbackElement: <Spinner label="Loading Spotter" />,
    children: [
      {
        path: paths.login,
        lazy: () => import('../features/auth/routes/login').then((m) => ({ Component: m.LoginRoute })),
      },
      {
        path: paths.signup,
        lazy: () => import('../features/auth/routes/signup').then((m) => ({ Component: m.SignupRoute })),
      },
      {
        path: paths.resetPassword,
        lazy: () => import('../features/auth/routes/reset-password').then((m) => ({ Component: m.ResetPasswordRoute })),
      },
      {
        path: paths.forgotPassword,
        lazy: () =>
          import('../features/auth/routes/forgot-password').then((m) => ({ Component: m.ForgotPasswordRoute })),
      },
      {
        path: paths.verifyEmail,
        lazy: () => import('../features/auth/routes/verify-email').then((m) => ({ Component: m.VerifyEmailRoute })),
      },
      {
        path: paths.requestTester,
        lazy: () =>
          import('../features/request-tester/routes/request-tester').then((m) => ({ Component: m.RequestTesterRoute })),
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            lazy: () => import('./layout/app-layout').then((m) => ({ Component: m.AppLayout })),
            children: [
              {
                path: paths.home,
                lazy: () =>
                  import('./routes/home').then((m) => ({
                    Component: m.HomeRoute,
                    loader: m.homeLoader(queryClient),
                  })),
              },
              {
                path: paths.explore,
                lazy: () =>
                  import('./routes/explore').then((m) => ({
                    Component: m.ExploreRoute,
                    loader: m.exploreLoader(queryClient),
                  })),
              },
              {
                path: paths.bookmarks,
                lazy: () => import('./routes/bookmarks').then((m) => ({ Component: m.BookmarksRoute })),
              },
              {
                path: paths.likedPosts,
                lazy: () => import('./routes/liked-posts').then((m) => ({ Component: m.LikedPostsRoute })),
              },
              {
                path: paths.postPattern,
                lazy: () => import('./routes/single-post').then((m) => ({ Component: m.SinglePostRoute })),
              },
              {
                path: paths.tagPattern,
                lazy: () => import('./routes/tag').then((m) => ({ Component: m.TagRoute })),
              },
              {
                path: paths.searchPattern,
                lazy: () => import('./routes/search').then((m) => ({ Component: m.SearchRoute })),
              },
              {
                path: paths.notifications,
                lazy: () =>
                  import('../features/conversation/routes/notifications').then((m) => ({
                    Component: m.NotificationsRoute,
                  })),
              },
              {
                path: paths.logWorkout,
                lazy: () =>
                  import('../features/training/routes/log-workout').then((m) => ({ Component: m.LogWorkoutRoute })),
              },
              {
                path: paths.workoutPattern,
                // A workout nobody may see is the app's own not-found page, loaded with it.
                lazy: () =>
                  Promise.all([import('../features/training/routes/workout'), import('./not-found')]).then(
                    ([page, missing]) => ({ element: <page.WorkoutRoute NotFound={missing.NotFound} /> }),
                  ),
              },
              {
                path: paths.admin,
                lazy: () => import('../features/moderation/routes/admin').then((m) => ({ Component: m.AdminRoute })),
              },
              {
                path: paths.oauthAuthorize,
                lazy: () => import('../features/oauth/routes/authorize').then((m) => ({ Component: m.AuthorizeRoute })),
              },
              {
                path: paths.settings,
                // Settings shows training's import button (a slot the app fills, as features never meet).
                lazy: () =>
                  Promise.all([
                    import('../features/settings/routes/settings'),
                    import('../features/training').then((t) => t.loadImportWorkouts()),
                  ]).then(([page, training]) => ({
                    element: <page.SettingsRoute importWorkouts={<training.ImportWorkoutsButton />} />,
                  })),
              },
              {
                path: paths.blocked,
                lazy: () => import('../features/safety/routes/blocked').then((m) => ({ Component: m.BlockedRoute })),
              },
              {
                path: paths.profilePattern,
                lazy: () => import('./routes/profile').then((m) => ({ Component: m.ProfileRoute })),
                // Its Workouts and Records tabs (issue 47): addresses of their own under the one screen,
                // which stays mounted and reads the tab from the address. A static segment ranks above
                // the follow lists' `:side`.
                children: [
                  { index: true },
                  { path: profileTabSegments.workouts },
                  { path: profileTabSegments.records },
                ],
              },
              {
                path: paths.followListPattern,
                lazy: () =>
                  import('../features/users/routes/follow-list').then((m) => ({ Component: m.FollowListRoute })),
              },
            ],
          },
        ],
      },
      { path: '*', lazy: () => import('./not-found').then((m) => ({ Component: m.NotFound })) },
    ],
  },
]);
