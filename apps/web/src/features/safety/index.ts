/**
 * The safety feature's public entry (issue 16): the Mute and Block items of the "⋯" menus of posts,
 * comments and profiles (app/slots/others-menu.tsx puts them there), and the keys of the blocks and
 * mutes lists. /settings/blocked is loaded lazily by app/router.tsx.
 */
export { safetyKeys } from './api/relations';
export { MutedState } from './components/muted-state';
export { useSafetyMenu } from './components/safety-menu';

import './safety.css';
