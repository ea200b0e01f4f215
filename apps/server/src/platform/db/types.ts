/** Row shapes and column types for code outside the repositories, which imports no schema values. */
export type { EngineMeasures } from './schema.js';
