import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Columns several tables share. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres gives a Buffer, PGlite a Uint8Array.
  fromDriver: (value) => Buffer.from(value),
});
