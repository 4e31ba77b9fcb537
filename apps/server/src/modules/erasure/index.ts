export { erasePerson } from './erase-person';
export { erasedActorAt } from './queries/erased-actors';
