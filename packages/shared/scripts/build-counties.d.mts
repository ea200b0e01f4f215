export const stateFips: Record<string, string>;
export function deriveCounties(topology: unknown): Record<string, string[]>;
export function loadTopology(): Promise<unknown>;
