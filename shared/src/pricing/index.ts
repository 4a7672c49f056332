export * from './pricing.schema';
export * from './money';
export * from './margin-engine';
export * from './import-cells';
export * from './import-headers';
export * from './import-table';
