import type { Tokens } from './auth/tokens';
import type { Config } from './config';
import type { Db } from './db/database';
import type { MediaStore } from './media/store';
import type { NotificationHub } from './notifications/hub';

/** What every route needs, built once in app.ts. */
export interface AppContext {
  config: Config;
  db: Db;
  tokens: Tokens;
  mediaStore: MediaStore;
  /** False when ffmpeg was not found at start: photos only (media/video.ts). */
  videoUploads: boolean;
  /** Open notification streams and how new notifications reach them (issue 14). */
  notifications: NotificationHub;
}
