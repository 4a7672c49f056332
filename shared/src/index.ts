export * from './locales';
export * from './brand';
export * from './api-error';
