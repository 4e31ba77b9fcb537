import type { z } from 'zod';
import type { Route, RouteName, routes } from '../routes';
import {
  accountDeletedResponseSchema,
  accountExportSchema,
  accountSettingsResponseSchema,
  deleteAccountBodySchema,
  editAccountSettingsBodySchema,
} from './account';
import { capabilitiesSchema } from './capabilities';
import {
  commentIdParamsSchema,
  commentPageQuerySchema,
  commentPageSchema,
  commentResponseSchema,
  createCommentBodySchema,
  editCommentBodySchema,
} from './comments';
import {
  accountEmailResponseSchema,
  emailVerifiedResponseSchema,
  forgotPasswordBodySchema,
  forgotPasswordResponseSchema,
  setEmailBodySchema,
  verifyEmailBodySchema,
} from './email';
import {
  createExerciseBodySchema,
  exerciseResponseSchema,
  exerciseSearchQuerySchema,
  exercisesResponseSchema,
} from './exercises';
import { guestAccountSchema } from './guest';
import { mediaLimitsSchema, mediaResponseSchema } from './media';
import {
  appealBodySchema,
  appealQueueQuerySchema,
  appealQueueSchema,
  appealResponseSchema,
  auditPageSchema,
  auditQuerySchema,
  createReportBodySchema,
  moderatedUserResponseSchema,
  myReportResponseSchema,
  myRoleSchema,
  passwordResetResponseSchema,
  reportCaseResponseSchema,
  reportIdParamsSchema,
  reportQueueQuerySchema,
  reportQueueSchema,
  resetLinkResponseSchema,
  resetPasswordBodySchema,
  resolveReportBodySchema,
  restoredContentResponseSchema,
  setRoleBodySchema,
  staffPageSchema,
  staffQuerySchema,
} from './moderation';
import { notificationPageQuerySchema, notificationPageSchema, unreadCountSchema } from './notifications';
import { approveOauthAuthorizationSchema, oauthAuthorizationQuerySchema, oauthAuthorizationSchema } from './oauth';
import {
  cardPostResponseSchema,
  deletedPostResponseSchema,
  orderedPageQuerySchema,
  pageQuerySchema,
  postPageSchema,
} from './pages';
import {
  createPostBodySchema,
  editPostBodySchema,
  postIdParamsSchema,
  postResponseSchema,
  postsResponseSchema,
  usernameParamsSchema,
} from './posts';
import {
  followMinimalResponseSchema,
  profileResponseSchema,
  suggestionsQuerySchema,
  userPageSchema,
  userSearchQuerySchema,
  userSummariesResponseSchema,
} from './profiles';
import {
  deletedRoutineResponseSchema,
  exerciseIdParamsSchema,
  lastSessionResponseSchema,
  routineBodySchema,
  routineIdParamsSchema,
  routineQuerySchema,
  routineResponseSchema,
  routinesResponseSchema,
} from './routines';
import { relationResponseSchema } from './safety';
import { searchQuerySchema, searchResponseSchema } from './search';
import {
  loggedOutResponseSchema,
  securityLogQuerySchema,
  securityLogSchema,
  sessionIdParamsSchema,
  sessionsResponseSchema,
} from './sessions';
import { tagParamsSchema, trendingTagsSchema } from './tags';
import { createTodoBodySchema, todoIdParamsSchema, todoResponseSchema, todosResponseSchema } from './todos';
import {
  editTrainingSettingsBodySchema,
  progressQuerySchema,
  progressResponseSchema,
  trainingSettingsResponseSchema,
  userRecordsResponseSchema,
  userStatsResponseSchema,
} from './training-stats';
import {
  confirmTwoFactorBodySchema,
  disableTwoFactorBodySchema,
  recoveryCodesSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from './two-factor';
import {
  bookmarksResponseSchema,
  changePasswordBodySchema,
  editProfileBodySchema,
  followResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  signupBodySchema,
  signupResponseSchema,
  tokenResponseSchema,
  userIdParamsSchema,
  userLookupQuerySchema,
  userResponseSchema,
  usersResponseSchema,
} from './users';
import { importPreviewSchema, importQuerySchema, importResultSchema, workoutsCsvSchema } from './workout-import';
import {
  deletedWorkoutResponseSchema,
  workoutBodySchema,
  workoutIdParamsSchema,
  workoutPageQuerySchema,
  workoutPageSchema,
  workoutResponseSchema,
} from './workouts';

export interface RouteSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer (a page when the route always pages). */
  response: z.ZodType;
  /** The answer of a route with `paging: 'optional'` when `limit` or `cursor` is given. */
  pagedResponse?: z.ZodType;
  /** The answer of a route with `minimal` under `Prefer: return=minimal`. */
  minimalResponse?: z.ZodType;
}

/** What the route table says a route does decides which answers its schemas must describe. */
type SchemasFor<R extends Route> = RouteSchemas &
  (R extends { minimal: true } ? { minimalResponse: z.ZodType } : { minimalResponse?: never }) &
  (R extends { paging: 'optional' } ? { pagedResponse: z.ZodType } : { pagedResponse?: never });

/** The zod schemas of every route, under the route table's names: the server validates with them. */
export const schemas = {
  login: { body: loginBodySchema, response: loginResponseSchema },
  logout: { response: loggedOutResponseSchema },
  guestAccount: { response: guestAccountSchema },
  signup: { body: signupBodySchema, response: signupResponseSchema },
  listUsers: { response: usersResponseSchema },
  getUser: { params: userIdParamsSchema, response: userResponseSchema },
  me: { response: profileResponseSchema },
  profile: { params: usernameParamsSchema, response: profileResponseSchema },
  searchUsers: { query: userSearchQuerySchema, response: userSummariesResponseSchema },
  lookupUser: { query: userLookupQuerySchema, response: userResponseSchema },
  suggestions: { query: suggestionsQuerySchema, response: userSummariesResponseSchema },
  editProfile: { body: editProfileBodySchema, response: userResponseSchema, minimalResponse: profileResponseSchema },
  changePassword: { body: changePasswordBodySchema, response: tokenResponseSchema },
  listSessions: { response: sessionsResponseSchema },
  revokeSession: { params: sessionIdParamsSchema, response: sessionsResponseSchema },
  revokeAllSessions: { response: sessionsResponseSchema },
  securityLog: { query: securityLogQuerySchema, response: securityLogSchema },
  accountSettings: { response: accountSettingsResponseSchema },
  editAccountSettings: { body: editAccountSettingsBodySchema, response: accountSettingsResponseSchema },
  exportAccount: { response: accountExportSchema },
  deleteAccount: { body: deleteAccountBodySchema, response: accountDeletedResponseSchema },
  twoFactorStatus: { response: twoFactorStatusSchema },
  startTwoFactor: { response: twoFactorSetupSchema },
  confirmTwoFactor: { body: confirmTwoFactorBodySchema, response: recoveryCodesSchema },
  disableTwoFactor: { body: disableTwoFactorBodySchema, response: twoFactorStatusSchema },
  getBookmarks: { response: bookmarksResponseSchema },
  bookmarkPost: {
    params: postIdParamsSchema,
    response: bookmarksResponseSchema,
    minimalResponse: cardPostResponseSchema,
  },
  removeBookmark: {
    params: postIdParamsSchema,
    response: bookmarksResponseSchema,
    minimalResponse: cardPostResponseSchema,
  },
  followUser: {
    params: userIdParamsSchema,
    response: followResponseSchema,
    minimalResponse: followMinimalResponseSchema,
  },
  unfollowUser: {
    params: userIdParamsSchema,
    response: followResponseSchema,
    minimalResponse: followMinimalResponseSchema,
  },
  likedPosts: { query: pageQuerySchema, response: postPageSchema },
  bookmarkedPosts: { query: pageQuerySchema, response: postPageSchema },
  listPosts: { query: orderedPageQuerySchema, response: postsResponseSchema, pagedResponse: postPageSchema },
  getPost: { params: postIdParamsSchema, response: postResponseSchema },
  postCard: { params: postIdParamsSchema, response: cardPostResponseSchema },
  postsByUser: {
    params: usernameParamsSchema,
    query: pageQuerySchema,
    response: postsResponseSchema,
    pagedResponse: postPageSchema,
  },
  createPost: { body: createPostBodySchema, response: postsResponseSchema, minimalResponse: cardPostResponseSchema },
  editPost: {
    params: postIdParamsSchema,
    body: editPostBodySchema,
    response: postsResponseSchema,
    minimalResponse: cardPostResponseSchema,
  },
  deletePost: { params: postIdParamsSchema, response: postsResponseSchema, minimalResponse: deletedPostResponseSchema },
  likePost: { params: postIdParamsSchema, response: postsResponseSchema, minimalResponse: cardPostResponseSchema },
  dislikePost: { params: postIdParamsSchema, response: postsResponseSchema, minimalResponse: cardPostResponseSchema },
  feed: { query: orderedPageQuerySchema, response: postPageSchema },
  uploadMedia: { response: mediaResponseSchema },
  mediaLimits: { response: mediaLimitsSchema },
  listExercises: { query: exerciseSearchQuerySchema, response: exercisesResponseSchema },
  createExercise: { body: createExerciseBodySchema, response: exerciseResponseSchema },
  lastOfExercise: { params: exerciseIdParamsSchema, response: lastSessionResponseSchema },
  listRoutines: { response: routinesResponseSchema },
  createRoutine: { body: routineBodySchema, response: routineResponseSchema },
  routineFromWorkout: { params: workoutIdParamsSchema, response: routineResponseSchema },
  routineFromPost: { params: postIdParamsSchema, response: routineResponseSchema },
  getRoutine: { params: routineIdParamsSchema, query: routineQuerySchema, response: routineResponseSchema },
  editRoutine: { params: routineIdParamsSchema, body: routineBodySchema, response: routineResponseSchema },
  deleteRoutine: { params: routineIdParamsSchema, response: deletedRoutineResponseSchema },
  createWorkout: { body: workoutBodySchema, response: workoutResponseSchema },
  workoutFromPost: { params: postIdParamsSchema, response: workoutResponseSchema },
  importWorkouts: { query: importQuerySchema, response: importResultSchema },
  previewImport: { query: importQuerySchema, response: importPreviewSchema },
  exportWorkouts: { response: workoutsCsvSchema },
  getWorkout: { params: workoutIdParamsSchema, response: workoutResponseSchema },
  editWorkout: { params: workoutIdParamsSchema, body: workoutBodySchema, response: workoutResponseSchema },
  deleteWorkout: { params: workoutIdParamsSchema, response: deletedWorkoutResponseSchema },
  userWorkouts: { params: usernameParamsSchema, query: workoutPageQuerySchema, response: workoutPageSchema },
  trainingSettings: { response: trainingSettingsResponseSchema },
  editTrainingSettings: { body: editTrainingSettingsBodySchema, response: trainingSettingsResponseSchema },
  userRecords: { params: usernameParamsSchema, response: userRecordsResponseSchema },
  userProgress: { params: usernameParamsSchema, query: progressQuerySchema, response: progressResponseSchema },
  userStats: { params: usernameParamsSchema, response: userStatsResponseSchema },
  followers: { params: usernameParamsSchema, query: pageQuerySchema, response: userPageSchema },
  blockUser: { params: userIdParamsSchema, response: relationResponseSchema },
  unblockUser: { params: userIdParamsSchema, response: relationResponseSchema },
  muteUser: { params: userIdParamsSchema, response: relationResponseSchema },
  unmuteUser: { params: userIdParamsSchema, response: relationResponseSchema },
  listBlocks: { query: pageQuerySchema, response: userPageSchema },
  listMutes: { query: pageQuerySchema, response: userPageSchema },
  following: { params: usernameParamsSchema, query: pageQuerySchema, response: userPageSchema },
  createComment: { params: postIdParamsSchema, body: createCommentBodySchema, response: commentResponseSchema },
  listComments: { params: postIdParamsSchema, query: commentPageQuerySchema, response: commentPageSchema },
  editComment: { params: commentIdParamsSchema, body: editCommentBodySchema, response: commentResponseSchema },
  deleteComment: { params: commentIdParamsSchema, response: commentResponseSchema },
  tagPosts: { params: tagParamsSchema, query: pageQuerySchema, response: postPageSchema },
  trendingTags: { response: trendingTagsSchema },
  search: { query: searchQuerySchema, response: searchResponseSchema },
  listNotifications: { query: notificationPageQuerySchema, response: notificationPageSchema },
  unreadNotifications: { response: unreadCountSchema },
  readNotifications: { response: unreadCountSchema },
  createReport: { body: createReportBodySchema, response: myReportResponseSchema },
  myRole: { response: myRoleSchema },
  reportQueue: { query: reportQueueQuerySchema, response: reportQueueSchema },
  resolveReport: { params: reportIdParamsSchema, body: resolveReportBodySchema, response: reportCaseResponseSchema },
  appealSuspension: { body: appealBodySchema, response: appealResponseSchema },
  appealQueue: { query: appealQueueQuerySchema, response: appealQueueSchema },
  unsuspendUser: { params: userIdParamsSchema, response: moderatedUserResponseSchema },
  restorePost: { params: postIdParamsSchema, response: restoredContentResponseSchema },
  restoreComment: { params: commentIdParamsSchema, response: restoredContentResponseSchema },
  setRole: { params: userIdParamsSchema, body: setRoleBodySchema, response: moderatedUserResponseSchema },
  staff: { query: staffQuerySchema, response: staffPageSchema },
  resetLink: { params: userIdParamsSchema, response: resetLinkResponseSchema },
  auditLog: { query: auditQuerySchema, response: auditPageSchema },
  resetPassword: { body: resetPasswordBodySchema, response: passwordResetResponseSchema },
  myEmail: { response: accountEmailResponseSchema },
  setEmail: { body: setEmailBodySchema, response: accountEmailResponseSchema },
  verifyEmail: { body: verifyEmailBodySchema, response: emailVerifiedResponseSchema },
  forgotPassword: { body: forgotPasswordBodySchema, response: forgotPasswordResponseSchema },
  capabilities: { response: capabilitiesSchema },
  oauthAuthorization: { query: oauthAuthorizationQuerySchema, response: oauthAuthorizationSchema },
  approveOauthAuthorization: { body: oauthAuthorizationQuerySchema, response: approveOauthAuthorizationSchema },
  listTodos: { response: todosResponseSchema },
  createTodo: { body: createTodoBodySchema, response: todoResponseSchema },
  deleteTodo: { params: todoIdParamsSchema, response: todosResponseSchema },
} satisfies { [K in RouteName]: SchemasFor<(typeof routes)[K]> };

type SchemasOf<K extends RouteName> = (typeof schemas)[K];
type In<S> = S extends z.ZodType ? z.input<S> : undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : never;
type Field<K extends RouteName, F extends keyof RouteSchemas> =
  SchemasOf<K> extends { [P in F]: infer S } ? S : undefined;

/** What a caller sends: the `:name` values of the path, the query string and the JSON body. */
export type RouteParams<K extends RouteName> = In<Field<K, 'params'>>;
export type RouteQuery<K extends RouteName> = In<Field<K, 'query'>>;
export type RouteBody<K extends RouteName> = In<Field<K, 'body'>>;

/** What a handler receives once the schemas have parsed the request. */
export type ParsedParams<K extends RouteName> = Out<Field<K, 'params'>>;
export type ParsedQuery<K extends RouteName> = Out<Field<K, 'query'>>;
export type ParsedBody<K extends RouteName> = Out<Field<K, 'body'>>;

/** Every answer a route may give on success (the default, a page, the minimal one). */
export type RouteAnswer<K extends RouteName> =
  | z.input<SchemasOf<K>['response']>
  | In<Field<K, 'pagedResponse'>>
  | In<Field<K, 'minimalResponse'>>;

/**
 * What Spotter's own client gets: it always asks for the minimal answer where there is one, and
 * always pages (routes with `paging: 'optional'` are called with a `limit`).
 */
export type ClientAnswer<K extends RouteName> = Out<
  SchemasOf<K> extends { minimalResponse: infer M }
    ? M
    : SchemasOf<K> extends { pagedResponse: infer P }
      ? P
      : SchemasOf<K>['response']
>;
