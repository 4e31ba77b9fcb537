import type { IdentityCache } from './auth/identity-cache';
import type { Tokens } from './auth/tokens';
import type { Config } from './config';
import type { Db } from './db/database';
import type { PeopleInFlight } from './http/people-in-flight';
import type { MailOutbox } from './mail/outbox';
import type { PostOutbox } from './modules/federation/post-outbox';
import type { MediaLane } from './modules/media/lane';
import type { MediaStore } from './modules/media/store';
import type { NotificationHub } from './modules/notifications/hub';
import type { FanoutQueue } from './modules/posts/fanout-queue';
import type { ImportLane } from './modules/training/import-lane';

/** What every route needs, built once in app.ts. */
export interface AppContext {
  config: Config;
  db: Db;
  tokens: Tokens;
  mediaStore: MediaStore;
  /** Image and video work, bounded apart from everything else (modules/media/lane.ts). */
  mediaLane: MediaLane;
  /**
   * People's requests in flight, which received activities and long imports make way for
   * (http/people-in-flight.ts, decision 107).
   */
  people: PeopleInFlight;
  /** CSV imports, one at a time per server (modules/training/import-lane.ts). */
  importLane: ImportLane;
  /** False when ffmpeg was not found at start: photos only (modules/media/video.ts). */
  videoUploads: boolean;
  /** New posts' fan-out to followers' home timelines, run after the answer. */
  fanout: FanoutQueue;
  /** Open notification streams and how new notifications reach them (issue 14). */
  notifications: NotificationHub;
  /**
   * Signed-in identities kept between requests, on PostgreSQL, while its notices of their changes are
   * heard (decision 055); absent on SQLite, where every request reads its user.
   */
  identities?: IdentityCache | undefined;
  /** Verification and recovery mail (issue 45); undefined without SMTP_URL: email features are off. */
  mail?: MailOutbox | undefined;
  /** New posts handed to federation (issue 49); undefined with FEDERATION off. */
  outbox?: PostOutbox | undefined;
}
