import type { GroundRound } from './breeding-figures.js';
import type { BreedingRepository } from './breeding.repository.js';

/** A ground's counted rounds as its figures take them. */
export async function roundsOfGround(repo: BreedingRepository, groundId: string): Promise<GroundRound[]> {
  return (await repo.rounds(groundId)).map((r) => ({
    designId: r.designId!,
    generation: r.generation!,
    playerId: r.playerId,
    elapsedMs: r.elapsedMs ?? 0,
    found: r.status === 'found',
  }));
}
