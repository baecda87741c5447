/**
 * Runs in each test file's own global scope, before the file's modules load. TypeORM keeps the
 * entities its decorators declare in a global (`typeormMetadataArgsStorage`). The run's global setup
 * migrates the test databases with TypeORM in Jest's own scope, and Jest's Node environment shows
 * that scope's globals to every test file, so each file's entities were added to the one storage
 * of the whole run: it kept every file's classes, and with them all the modules that file loaded
 * (about 35 MB a file, 4 GB by the end, and a garbage collector marking all of it). A property of
 * this file's own global hides the shared one, and TypeORM makes a storage for this file alone.
 */
Object.defineProperty(globalThis, 'typeormMetadataArgsStorage', { value: undefined, writable: true, configurable: true, enumerable: false });
