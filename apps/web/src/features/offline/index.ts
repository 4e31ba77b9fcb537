/**
 * The offline feature's door (issue 48): the banner while the server cannot be reached, the prompt
 * when a new version is ready, and the service worker's registration (loaded after the first screen).
 */
export { OfflineBanner } from './offline-banner';
export { UpdatePrompt } from './update-prompt';

export const loadServiceWorkerRegistration = () => import('./register-service-worker');
