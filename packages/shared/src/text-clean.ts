// How text from people is cleaned before it is checked and stored, in one place for every schema.

/** Control characters but tab, line feed and carriage return (NUL above all: PostgreSQL text cannot hold it). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
/** Every control character, line breaks and tabs included: for a one-line field. */
// eslint-disable-next-line no-control-regex
const LINE_CONTROL_CHARS = /[\u0000-\u001F\u007F]/g;

/** Text of several lines (a description, a comment, a report): control characters dropped, tabs and line breaks kept, trimmed. */
export const cleanText = (value: string): string => value.replace(CONTROL_CHARS, '').trim();

/**
 * A one-line name (spec §5): every control character a space, angle brackets dropped, runs of
 * white space one space, trimmed.
 */
export const cleanName = (value: string): string =>
  value.replace(LINE_CONTROL_CHARS, ' ').replace(/[<>]/g, '').replace(/\s+/g, ' ').trim();
