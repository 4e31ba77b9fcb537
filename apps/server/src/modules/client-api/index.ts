export { registerClientApi } from './http-scope';
