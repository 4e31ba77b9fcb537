import type { Migration } from 'kysely';
import type { DialectKind } from '../database';
import { initial } from './001-initial';
import { media } from './002-media';
import { countersAndSearch } from './003-counters-and-search';
import { scaleIndexes } from './005-scale-indexes';
import { integerKeys } from './006-integer-keys';
import { homeTimelines } from './007-home-timelines';
import { todoOwners } from './010-todo-owners';
import { sessions } from './011-sessions';
import { mediaOwnerBytes } from './012-media-owner-bytes';
import { conversation } from './020-conversation';
import { training } from './030-training';
import { trainingSettings } from './031-training-settings';
import { postWorkouts } from './032-post-workouts';
import { followLists } from './040-follow-lists';
import { postEditedAt } from './041-post-edited-at';
import { postIdempotencyKeys } from './042-post-idempotency-keys';
import { rowVersions } from './043-row-versions';
import { safetyColumns } from './050-safety-columns';
import { blocksAndMutes } from './051-blocks-and-mutes';
import { moderation } from './055-moderation';
import { commentTags } from './065-comment-tags';
import { exerciseBests } from './066-exercise-bests';
import { notificationActorCounts } from './070-notification-actor-counts';
import { exerciseSessionCounts } from './071-exercise-session-counts';
import { visibleCounts } from './072-visible-counts';
import { notificationActorsLatest } from './073-notification-actors-latest';
import { progressCoveringIndex } from './075-progress-covering-index';
import { notificationLatestActors } from './076-notification-latest-actors';
import { notificationCountsByTrigger } from './077-notification-counts-by-trigger';
import { identityChangeNotices } from './078-identity-change-notices';
import { likesByViewer } from './079-likes-by-viewer';
import { homeTimelineCoveringIndex } from './080-home-timeline-covering-index';
import { workoutTotalsCoveringIndex } from './081-workout-totals-covering-index';
import { notificationsUnreadIndex } from './082-notifications-unread-index';
import { privateRecordsOnCards } from './087-private-records-on-cards';
import { viewerCountIndexes } from './088-viewer-count-indexes';
import { postIdempotencyBodies } from './089-post-idempotency-bodies';
import { accountEmails } from './091-account-emails';
import { twoFactorTables } from './094-two-factor';
import { tokenVersionReason } from './099-token-version-reason';
import { routines } from './100-routines';
import { workoutLogFields } from './101-workout-log-fields';
import { durationAndDistanceBests } from './102-duration-and-distance-bests';
import { workoutIdempotencyKeys } from './108-workout-idempotency-keys';
import { oauth } from './110-oauth';
import { federation } from './115-federation';
import { moderationReasonsAndAppeals } from './120-moderation-reasons-and-appeals';
import { postPhotos } from './123-post-photos';
import { uploadsPerPost } from './124-uploads-per-post';
import { postSearch } from './126-post-search';
import { userNameSearch } from './127-user-name-search';
import { federationFollows } from './128-federation-follows';
import { remoteComments } from './130-remote-comments';
import { remoteWorkouts } from './132-remote-workouts';
import { federationOperations } from './133-federation-operations';
import { followRequests } from './134-follow-requests';
import { mediaDescription } from './136-media-description';
import { clientMarkers } from './137-client-markers';
import { suspensionEnd } from './138-suspension-end';
import { progressFigures } from './140-progress-figures';
import { boosts } from './141-boosts';
import { remoteMedia } from './146-remote-media';
import { federationMessageQueues } from './147-federation-message-queues';
import { erasedActors } from './150-erased-actors';
import { historyEntryPosition } from './151-history-entry-position';

/** Listed by hand, in order: a migration's name never changes once it has shipped. */
export function migrationsFor(kind: DialectKind): Record<string, Migration> {
  return {
    '001-initial': initial(kind),
    '002-media': media(kind),
    '003-counters-and-search': countersAndSearch(kind),
    '005-scale-indexes': scaleIndexes(),
    '006-integer-keys': integerKeys(kind),
    '007-home-timelines': homeTimelines(kind),
    '010-todo-owners': todoOwners(kind),
    '011-sessions': sessions(kind),
    '012-media-owner-bytes': mediaOwnerBytes(),
    '020-conversation': conversation(kind),
    '030-training': training(kind),
    '031-training-settings': trainingSettings(kind),
    '032-post-workouts': postWorkouts(),
    '040-follow-lists': followLists(),
    '041-post-edited-at': postEditedAt(kind),
    '042-post-idempotency-keys': postIdempotencyKeys(kind),
    '043-row-versions': rowVersions(kind),
    '050-safety-columns': safetyColumns(kind),
    '051-blocks-and-mutes': blocksAndMutes(kind),
    '055-moderation': moderation(kind),
    '065-comment-tags': commentTags(kind),
    '066-exercise-bests': exerciseBests(kind),
    '070-notification-actor-counts': notificationActorCounts(kind),
    '071-exercise-session-counts': exerciseSessionCounts(),
    '072-visible-counts': visibleCounts(),
    '073-notification-actors-latest': notificationActorsLatest(),
    '075-progress-covering-index': progressCoveringIndex(),
    '076-notification-latest-actors': notificationLatestActors(kind),
    '077-notification-counts-by-trigger': notificationCountsByTrigger(kind),
    '078-identity-change-notices': identityChangeNotices(kind),
    '079-likes-by-viewer': likesByViewer(kind),
    '080-home-timeline-covering-index': homeTimelineCoveringIndex(),
    '081-workout-totals-covering-index': workoutTotalsCoveringIndex(),
    '082-notifications-unread-index': notificationsUnreadIndex(kind),
    '087-private-records-on-cards': privateRecordsOnCards(),
    '088-viewer-count-indexes': viewerCountIndexes(),
    '089-post-idempotency-bodies': postIdempotencyBodies(),
    '091-account-emails': accountEmails(kind),
    '094-two-factor': twoFactorTables(kind),
    '099-token-version-reason': tokenVersionReason(),
    '100-routines': routines(kind),
    '101-workout-log-fields': workoutLogFields(kind),
    '102-duration-and-distance-bests': durationAndDistanceBests(),
    '108-workout-idempotency-keys': workoutIdempotencyKeys(kind),
    '110-oauth': oauth(kind),
    '115-federation': federation(kind),
    '120-moderation-reasons-and-appeals': moderationReasonsAndAppeals(kind),
    '123-post-photos': postPhotos(),
    '124-uploads-per-post': uploadsPerPost(kind),
    '126-post-search': postSearch(kind),
    '127-user-name-search': userNameSearch(kind),
    '128-federation-follows': federationFollows(kind),
    '130-remote-comments': remoteComments(),
    '132-remote-workouts': remoteWorkouts(),
    '133-federation-operations': federationOperations(kind),
    '134-follow-requests': followRequests(kind),
    '136-media-description': mediaDescription(),
    '137-client-markers': clientMarkers(kind),
    '138-suspension-end': suspensionEnd(kind),
    '140-progress-figures': progressFigures(),
    '141-boosts': boosts(kind),
    '146-remote-media': remoteMedia(kind),
    '147-federation-message-queues': federationMessageQueues(kind),
    '150-erased-actors': erasedActors(kind),
    '151-history-entry-position': historyEntryPosition(kind),
  };
}
