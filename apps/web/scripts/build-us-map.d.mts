export const VIEW_WIDTH: number;
export const VIEW_HEIGHT: number;
export function deriveUsMap(topology: unknown): {
  paths: Record<string, string>;
  callouts: Record<string, { x: number; y: number; size: number; anchor: [number, number] }>;
};
export function loadTopology(): Promise<unknown>;
