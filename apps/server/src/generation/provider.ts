import { createHash } from 'node:crypto';
import type { EditRefusalReason, EditSuggestionCode } from '@camo/shared/edit-refusal';
import type { DesignToggles, Variant } from '@camo/shared/generation.schema';

/**
 * What the generation pipeline needs from whatever draws the designs: the built-in engine today,
 * an AI image service later (it plugs in here without touching the pipeline).
 */
export interface ProviderInput {
  /** The environment photo as raw RGB, already oriented and reduced for analysis. */
  photo: { rgb: Uint8Array; width: number; height: number };
  description: string;
  /** Two-letter code, normalised by the shared schema. */
  state: string;
  county: string;
  toggles: DesignToggles;
  /** Makes a generation reproducible; derived from the photo id. */
  seed: number;
  /**
   * The person's id hashed (`safetyIdOf`): sent to an image service as its `safety_identifier`,
   * so it can tell one abusive person from the site without learning who they are.
   */
  safetyId: string;
}

/**
 * When a call must be done: `signal` aborts at `at` (epoch ms), or sooner when the caller gives
 * up. A provider stops its work in flight when it aborts, and one with a fallback leaves the
 * fallback its share of the time before `at`.
 */
export interface Deadline {
  at: number;
  signal: AbortSignal;
}

/**
 * A deadline `ms` from now, its signal aborting then with a DeadlineError of `reason`; `clear()`
 * when the work is done stops the timer.
 */
export function deadlineAfter(
  ms: number,
  reason = `the design did not arrive within ${ms} ms`,
): Deadline & { clear(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlineError(reason)), ms);
  timer.unref();
  return { at: Date.now() + ms, signal: controller.signal, clear: () => clearTimeout(timer) };
}

/** A deadline passed (the reason a `deadlineAfter` signal aborts with). */
export class DeadlineError extends Error {
  override name = 'DeadlineError';
}

export interface ProviderDesign {
  /** The design as a PNG. */
  png: Uint8Array;
  /** The reference an edit continues from (spec: openaiResponseIdA/B). Null: not editable. */
  responseId: string | null;
  designId: string;
  promptId: string;
  prompt: string;
  markdownAnalysis: string;
  /** What the provider can re-render from (the engine's recipe); null when it has none. */
  recipe: unknown;
  /**
   * Why this design did not come from the configured generator (e.g. the AI service failed and
   * the built-in engine drew it), also said in `markdownAnalysis`; null when it did.
   */
  note: string | null;
}

/** The design an edit starts from. */
export interface EditSubject {
  /** The engine's recipe; null for a design an image service drew. */
  recipe: unknown;
  /** The engine's design id, or the image service's response id its conversation continues from. */
  responseId: string;
  /** The design's stored PNG: what an image service edits when its conversation is gone. */
  image: () => Promise<Uint8Array>;
  /** The generation's input (photo, description, place, toggles, seed), for a fallback. */
  source: () => Promise<ProviderInput>;
  /** The editing person's `safetyIdOf` (as ProviderInput.safetyId). */
  safetyId: string;
  /** Which of the generation's designs it is (a fallback draws the same style). */
  variant: Variant;
}

export type ProviderEditResult =
  | {
      ok: true;
      png: Uint8Array;
      recipe: unknown;
      summary: string;
      /** Why the edit was not made by the design's own generator (e.g. the engine stood in); null when it was. */
      note: string | null;
    }
  /** The request maps to nothing the provider can do: why, and what it could do instead. */
  | { ok: false; reason: EditRefusalReason; suggestions: EditSuggestionCode[] };

export interface DesignProvider {
  readonly name: string;
  /** `deadline`: when the design must be ready (the pipeline's GENERATION_DEADLINE_MS); optional. */
  generate(input: ProviderInput, variant: Variant, deadline?: Deadline): Promise<ProviderDesign>;
  /** `deadline`: when the edit must be ready; without one a provider keeps to its own worst case. */
  edit(design: EditSubject, request: string, deadline?: Deadline): Promise<ProviderEditResult>;
  /** Re-renders a design at another size (print export); null when the provider cannot. */
  render(recipe: unknown, size: number): Promise<Uint8Array | null>;
  close(): Promise<void>;
}

/** `ProviderInput.safetyId` of a person: a one-way hash of their id, the same on every call. */
export function safetyIdOf(userId: string): string {
  return createHash('sha256').update(`camo-safety:${userId}`).digest('hex').slice(0, 32);
}

/** A stable seed per generation (`ProviderInput.seed`), so a re-run draws the same designs. */
export function seedOf(photoId: string): number {
  return createHash('sha256').update(photoId).digest().readUInt32LE(0);
}
