/** The whole database schema, one file per area; drizzle.config.ts reads this file. */
export * from './users';
export * from './files';
export * from './taxonomy';
export * from './locations';
export * from './listings';
export * from './favorites';
export * from './statistics';
export * from './events';
export * from './chats';
export * from './products';
export * from './system';
export * from './settings';
