/** The search page's call (issue 47): people, posts and tags. Nothing else uses this module yet. */
export { searchWords } from './search-words';
