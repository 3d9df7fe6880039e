export * from './vocabularies.ts';
export * from './errors.ts';
export * from './api/fields.ts';
export * from './api/system.ts';
export * from './api/auth.ts';
export * from './api/customers.ts';
export * from './api/user.ts';
export * from './api/notifications.ts';
