export * from './customers.ts';
export * from './services.ts';
export * from './users.ts';
export * from './tracking.ts';
export * from './edi.ts';
export * from './support.ts';
export * from './reports.ts';
export * from './edi-connect.ts';
