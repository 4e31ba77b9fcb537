import { moduleMockingTests } from './module-mocking-tests';
import { webProject } from './vitest.config';

/** The web test files that mock a module (module-mocking-tests.ts), each in a module graph of its own. */
export default webProject('web-mocks', { include: moduleMockingTests, exclude: [] }, true);
