import { countiesByState } from './counties-data.js';

/** Spec §3 reference data: the counties of a state (Census names, sorted), by two-letter code. */
export function countiesOf(stateCode: string): readonly string[] {
  return (
    (countiesByState as Record<string, readonly string[] | undefined>)[stateCode.trim().toUpperCase()] ?? []
  );
}

/** True when `county` is one of the state's counties, compared case-insensitively. */
export function isCountyOf(stateCode: string, county: string): boolean {
  const wanted = county.trim().toLocaleLowerCase('en');
  if (!wanted) return false;
  return countiesOf(stateCode).some((name) => name.toLocaleLowerCase('en') === wanted);
}

/** The state's own spelling of a county typed in any case, or undefined when it is not one. */
export function canonicalCounty(stateCode: string, county: string): string | undefined {
  const wanted = county.trim().toLocaleLowerCase('en');
  return countiesOf(stateCode).find((name) => name.toLocaleLowerCase('en') === wanted);
}

/** Spec §5: the county list "filtered by typed text" (case-insensitive; names starting with it first). */
export function searchCounties(stateCode: string, query: string): readonly string[] {
  const all = countiesOf(stateCode);
  const q = query.trim().toLocaleLowerCase('en');
  if (!q) return all;
  const starts: string[] = [];
  const contains: string[] = [];
  for (const name of all) {
    const lower = name.toLocaleLowerCase('en');
    if (lower.startsWith(q)) starts.push(name);
    else if (lower.includes(q)) contains.push(name);
  }
  return [...starts, ...contains];
}
