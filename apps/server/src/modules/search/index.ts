/** The search page's call (issue 47): people, posts and tags. The client API's search (issue 50) reads the same queries. */
export { postSearchPage } from './queries/post-search';
export { searchWords } from './search-words';
