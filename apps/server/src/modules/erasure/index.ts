export { erasePerson } from './erase-person';
