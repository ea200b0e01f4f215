import type { DomainJobs, JobQueue } from '../platform/queue.js';
import type { CalibrationService } from './calibration.service.js';
import type { ConcealmentService } from './concealment.service.js';

/** The predictor is calibrated on the game's rounds nightly (decision 017). */
const CALIBRATE_CRON = '17 3 * * *';
/** Designs predicted at a start that had no prediction yet, at most. */
const BACKFILL_PER_START = 200;

/**
 * Predictions and the predictor's fit: each design predicted once made, the predictor fitted again
 * each night and at every start, and designs made before predictions existed, or whose job was
 * lost, predicted at a start (newest first, a bounded batch a start).
 */
export function concealmentJobs(
  concealment: ConcealmentService,
  calibration: CalibrationService,
  queue: () => JobQueue,
): DomainJobs {
  return {
    handlers: {
      'predict-design': ({ designId }) => concealment.predict(designId),
      'predict-dusk': ({ designId }) => concealment.predictDusk(designId),
      'calibrate-predictor': () => calibration.calibrate(),
    },
    schedules: [{ name: 'calibrate-predictor', cron: CALIBRATE_CRON }],
    atStart: async () => {
      await queue().send('calibrate-predictor', {});
      for (const designId of await concealment.unpredicted(BACKFILL_PER_START))
        await queue().send('predict-design', { designId });
    },
  };
}
