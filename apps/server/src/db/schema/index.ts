import type { AccountEmailsTable } from './account-emails';
import type { BlocksTable, MutesTable } from './blocks';
import type { BookmarksTable } from './bookmarks';
import type { ClientMarkersTable } from './client-markers';
import type {
  CommentsTable,
  CommentTagsTable,
  NotificationActorsTable,
  NotificationsTable,
  PostTagsTable,
} from './conversation';
import type { ExercisesTable } from './exercises';
import type {
  ErasedActorsTable,
  FederationBlockedDomainsTable,
  FederationFollowsTable,
  FederationKeysTable,
  FederationKvTable,
  FederationMessagesTable,
  FollowRequestsTable,
} from './federation';
import type { FollowsTable } from './follows';
import type { MediaTable } from './media';
import type {
  ModerationActionsTable,
  PasswordResetsTable,
  ReportEntriesTable,
  ReportsTable,
  SuspensionAppealsTable,
} from './moderation';
import type { OauthAppsTable, OauthAppTokensTable, OauthCodesTable } from './oauth';
import type { PostIdempotencyKeysTable } from './post-idempotency-keys';
import type { PostsTable } from './posts';
import type { DislikesTable, LikesTable } from './reactions';
import type { RemoteMediaTable } from './remote-media';
import type { RoutinesTable } from './routines';
import type { SecurityEventsTable, SessionsTable } from './sessions';
import type { TestTodosTable } from './test-todos';
import type {
  BoostsTable,
  FanoutPendingTable,
  HomeTimelineHorizonsTable,
  HomeTimelineTable,
  MergedAuthorsTable,
} from './timelines';
import type { TrainingSettingsTable } from './training-settings';
import type { TwoFactorRecoveryCodesTable, TwoFactorTable } from './two-factor';
import type { UsersTable } from './users';
import type { WorkoutIdempotencyKeysTable } from './workout-idempotency-keys';
import type {
  ExerciseBestsTable,
  WorkoutExercisesTable,
  WorkoutRecordsTable,
  WorkoutSetsTable,
  WorkoutsTable,
} from './workouts';

export interface DatabaseSchema {
  users: UsersTable;
  posts: PostsTable;
  likes: LikesTable;
  dislikes: DislikesTable;
  bookmarks: BookmarksTable;
  follows: FollowsTable;
  media: MediaTable;
  client_markers: ClientMarkersTable;
  test_todos: TestTodosTable;
  exercises: ExercisesTable;
  workouts: WorkoutsTable;
  workout_exercises: WorkoutExercisesTable;
  workout_sets: WorkoutSetsTable;
  workout_records: WorkoutRecordsTable;
  exercise_bests: ExerciseBestsTable;
  routines: RoutinesTable;
  training_settings: TrainingSettingsTable;
  home_timeline: HomeTimelineTable;
  boosts: BoostsTable;
  home_timeline_horizons: HomeTimelineHorizonsTable;
  fanout_pending: FanoutPendingTable;
  merged_authors: MergedAuthorsTable;
  post_idempotency_keys: PostIdempotencyKeysTable;
  workout_idempotency_keys: WorkoutIdempotencyKeysTable;
  sessions: SessionsTable;
  security_events: SecurityEventsTable;
  comments: CommentsTable;
  post_tags: PostTagsTable;
  comment_tags: CommentTagsTable;
  notifications: NotificationsTable;
  notification_actors: NotificationActorsTable;
  reports: ReportsTable;
  report_entries: ReportEntriesTable;
  moderation_actions: ModerationActionsTable;
  suspension_appeals: SuspensionAppealsTable;
  password_resets: PasswordResetsTable;
  blocks: BlocksTable;
  mutes: MutesTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  account_emails: AccountEmailsTable;
  federation_follows: FederationFollowsTable;
  federation_keys: FederationKeysTable;
  federation_kv: FederationKvTable;
  federation_messages: FederationMessagesTable;
  federation_blocked_domains: FederationBlockedDomainsTable;
  follow_requests: FollowRequestsTable;
  remote_media: RemoteMediaTable;
  erased_actors: ErasedActorsTable;
  oauth_apps: OauthAppsTable;
  oauth_codes: OauthCodesTable;
  oauth_app_tokens: OauthAppTokensTable;
}

export type { ClientMarkerRow } from './client-markers';
export type { Key } from './keys';
export { noKey } from './keys';
export type { MediaRow } from './media';
export type { PostRow } from './posts';
export type { AccountRow, SignedInUser, UserRow } from './users';
export { accountColumns, signedInColumns } from './users';
