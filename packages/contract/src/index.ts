/**
 * `@spotter/contract`: the route table, messages and constants, as plain data that both apps import
 * anywhere (the web app's first screen included). Nothing here loads zod; the schemas are in
 * `@spotter/contract/schemas`, whose inferred types are re-exported below (types cost no bytes).
 */
export * from './account';
export * from './constants';
export * from './conversation';
export * from './email';
export * from './messages';
export * from './moderation-texts';
export * from './oauth-scopes';
export * from './routes';
export type {
  AccountEmail,
  AccountSettings,
  AppealBody,
  AppealQueue,
  ApprovedOauthAuthorization,
  AuditEntry,
  AuditPage,
  BlockDomainBody,
  BlockedDomain,
  Capabilities,
  CardPost,
  Comment,
  CommentPage,
  CreateCommentBody,
  CreateExerciseBody,
  CreatePostBody,
  CreateReportBody,
  DeleteAccountBody,
  EditAccountSettingsBody,
  EditCommentBody,
  EditPostBody,
  EditProfileBody,
  EditTrainingSettingsBody,
  Exercise,
  ExerciseRecords,
  FailingServer,
  FollowRequest,
  ForgotPasswordBody,
  ImportPreview,
  ImportResult,
  LastSession,
  LoginBody,
  Media,
  MediaLimits,
  ModeratedUser,
  MyReport,
  NewPostEvent,
  Notification,
  NotificationEvent,
  NotificationPage,
  OauthAuthorization,
  PageQuery,
  Post,
  PostPage,
  PostPhoto,
  Profile,
  ProgressPoint,
  QueuedAppeal,
  Relation,
  ReportCase,
  ReportQueue,
  ResetLink,
  ResolveReportBody,
  RestoredContent,
  Routine,
  RoutineBody,
  RoutineSet,
  SearchResponse,
  SecurityEvent,
  SecurityLog,
  Session,
  SetEmailBody,
  SignedOutEvent,
  SignupBody,
  StreamEvent,
  Suspension,
  Todo,
  TrainingSettings,
  TrendingTags,
  TwoFactorSetup,
  TwoFactorStatus,
  UnreadEvent,
  User,
  UserPage,
  UserSummary,
  Workout,
  WorkoutBody,
  WorkoutPage,
  WorkoutRecord,
  WorkoutSet,
  WorkoutSummary,
} from './schemas';
export type {
  ClientAnswer,
  ParsedBody,
  ParsedParams,
  ParsedQuery,
  RouteAnswer,
  RouteBody,
  RouteParams,
  RouteQuery,
} from './schemas/by-route';
export * from './signed-out';
export * from './training';
export * from './two-factor';
export * from './units';
export * from './urls';
