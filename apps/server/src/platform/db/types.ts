/** Row shapes and column types for code outside the repositories, which imports no schema values. */
export type {
  DesignPredictions,
  EngineMeasures,
  PredictorAgreement,
  RoundMeasures,
  RoundViewport,
  SceneRecord,
  StoredEye,
  StoredPrediction,
} from './schema.js';
