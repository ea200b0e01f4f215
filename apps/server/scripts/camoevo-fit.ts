import { mulberry32 } from '@camo/camo-engine';
/**
 * The time model's form checked against people who are not us (issue 39, item 6; decision 029):
 * CamoEvo's human experiment (Hancock & Troscianko 2022, "CamoEvo: an open access toolbox for
 * artificial camouflage evolution experiments", Evolution 76: 870-882), 3,456 touch-screen searches
 * for evolving targets, each with its capture time (censored at 15 s) and its GabRat, colour and
 * luminance differences with the background; 9 runs (three habitats, three populations each) x 16
 * generations x 24 targets. Fits the censored log-normal model on two habitats, predicts the third,
 * for each of the three splits, and reports the pairwise order agreement (Harrell's concordance:
 * pairs whose shorter time was a capture, ordered alike by the prediction), with a 95% interval
 * (a bootstrap over the held-out habitat's sessions, run x generation) and the counts, beside a
 * baseline that knows only the colour difference, fitted the same way.
 *
 * The data are the authors' (github.com/GeorgeHancock471/CamoEvo_1.2_Experiment, the
 * Data_Output_treatment_*.txt files), published without a licence: they are read from a folder
 * given on the command line, never kept here.
 *
 *   node --import tsx apps/server/scripts/camoevo-fit.ts /path/to/folder-with-the-txt-files
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { clustersOf, resampleClusters } from '../src/concealment/calibration-check.js';
import { fitCensoredLogNormal, fitCensoredMixed, type CensoredFit } from '../src/concealment/calibration.js';

/** The treatments' habitats, as the authors' analysis script names them (A scrub, B leaf, C veg). */
const HABITATS: Record<string, string> = { A: 'scrubland', B: 'leaf litter', C: 'vegetation' };
const LIMIT_MS = 15000;
const MEASURES = ['GabRat_Edge_Disruption', 'Colour_Difference', 'Luminance_Difference'] as const;

interface Trial {
  habitat: string;
  /** The run and generation: the targets one session showed. */
  session: string;
  x: number[];
  seconds: number;
  found: boolean;
}

function read(folder: string): Trial[] {
  const files = readdirSync(folder).filter((f) => /^Data_Output_treatment_[ABC]\d\.txt$/.test(f));
  if (files.length === 0) throw new Error(`No Data_Output_treatment_*.txt files in ${folder}`);
  const trials: Trial[] = [];
  for (const file of files.sort()) {
    const [head, ...lines] = readFileSync(path.join(folder, file), 'utf8').trim().split(/\r?\n/);
    const columns = head!.split('\t');
    const at = (name: string) => {
      const i = columns.indexOf(name);
      if (i < 0) throw new Error(`${file}: no column ${name}`);
      return i;
    };
    const treatment = file.slice('Data_Output_treatment_'.length, -4);
    for (const line of lines) {
      const cells = line.split('\t');
      const ms = Number(cells[at('Survival_Time')]);
      trials.push({
        habitat: HABITATS[treatment[0]!]!,
        session: `${treatment}/${cells[at('Generation')]}`,
        x: MEASURES.map((m) => Number(cells[at(m)])),
        // A target not found in 15 s was still hidden then: right-censored, as the game's rounds.
        seconds: Math.min(ms, LIMIT_MS) / 1000,
        found: ms < LIMIT_MS,
      });
    }
  }
  return trials;
}

/** Harrell's concordance: of the pairs whose shorter time was a capture, the share ordered alike. */
function concordance(trials: readonly Trial[], predicted: readonly number[]): { c: number; pairs: number } {
  let agree = 0;
  let pairs = 0;
  for (let i = 0; i < trials.length; i++)
    for (let j = 0; j < trials.length; j++) {
      const a = trials[i]!;
      const b = trials[j]!;
      if (!a.found || !(a.seconds < b.seconds)) continue;
      if (predicted[i] === predicted[j]) continue;
      pairs++;
      if (predicted[i]! < predicted[j]!) agree++;
    }
  return { c: pairs ? agree / pairs : Number.NaN, pairs };
}

/** The concordance with the 2.5-97.5% percentiles of 1,000 resamples of whole sessions. */
function judged(trials: readonly Trial[], predicted: readonly number[]) {
  const point = concordance(trials, predicted);
  const groups = clustersOf(trials, (t) => t.session);
  const next = mulberry32(39);
  const draws: number[] = [];
  for (let b = 0; b < 1000; b++) {
    const picked = resampleClusters(groups, next);
    const r = concordance(
      picked.map((i) => trials[i]!),
      picked.map((i) => predicted[i]!),
    );
    if (Number.isFinite(r.c)) draws.push(r.c);
  }
  const sorted = [...draws].sort((a, b) => a - b);
  return {
    ...point,
    low: sorted[Math.floor(0.025 * (sorted.length - 1))]!,
    high: sorted[Math.ceil(0.975 * (sorted.length - 1))]!,
    sessions: groups.length,
    // In resample order: every form is judged on the same resamples, so their differences pair.
    draws,
  };
}

type Model = { intercept: number; coefficients: number[] };
const predict = (m: Model, x: readonly number[]) =>
  m.coefficients.reduce((a, c, j) => a + c * x[j]!, m.intercept);
const pct = (v: number) => `${(100 * v).toFixed(1)}%`;

function main() {
  const folder = process.argv[2];
  if (!folder) {
    console.error('Usage: camoevo-fit.ts <folder with Data_Output_treatment_*.txt>');
    process.exit(2);
  }
  const trials = read(folder);
  const censored = trials.filter((t) => !t.found).length;
  console.log(
    `${trials.length} trials, ${censored} not found in 15 s, ${new Set(trials.map((t) => t.session)).size} sessions`,
  );
  const forms: { name: string; columns: number[]; session: boolean }[] = [
    { name: 'GabRat + colour + luminance', columns: [0, 1, 2], session: false },
    { name: 'the same, a session intercept', columns: [0, 1, 2], session: true },
    { name: 'colour difference alone (baseline)', columns: [1], session: false },
  ];
  const habitats = Object.values(HABITATS);
  for (const held of habitats) {
    const train = trials.filter((t) => t.habitat !== held);
    const test = trials.filter((t) => t.habitat === held);
    console.log(
      `\nfit on ${habitats.filter((h) => h !== held).join(' and ')} (${train.length}), predict ${held} (${test.length})`,
    );
    const judgedDraws: number[][] = [];
    const points: number[] = [];
    for (const form of forms) {
      const rows = train.map((t) => ({ ...t, x: form.columns.map((j) => t.x[j]!), player: t.session }));
      const fit: CensoredFit & { playerSd?: number } = form.session
        ? fitCensoredMixed(rows)
        : fitCensoredLogNormal(rows);
      const predicted = test.map((t) =>
        predict(
          fit,
          form.columns.map((j) => t.x[j]!),
        ),
      );
      const r = judged(test, predicted);
      judgedDraws.push(r.draws);
      points.push(r.c);
      const weights = form.columns
        .map((j, c) => `${MEASURES[j]} ${fit.coefficients[c]!.toPrecision(3)}`)
        .join(', ');
      const extra = fit.playerSd === undefined ? '' : `, session SD ${fit.playerSd.toFixed(3)}`;
      console.log(
        `  ${form.name}: concordance ${pct(r.c)} (95% ${pct(r.low)}-${pct(r.high)}; ${test.length} targets, ${r.pairs} pairs, ${r.sessions} sessions); ${weights}, sigma ${fit.sigma.toFixed(3)}${extra}`,
      );
    }
    // The fit against the baseline on the same resamples: the paired difference's 95% interval.
    const diff = judgedDraws[0]!.map((d, b) => d - judgedDraws[2]![b]!).sort((a, b) => a - b);
    console.log(
      `  the fit less the baseline: ${(100 * (points[0]! - points[2]!)).toFixed(1)} points (95% ${(100 * diff[Math.floor(0.025 * (diff.length - 1))]!).toFixed(1)} to ${(100 * diff[Math.ceil(0.975 * (diff.length - 1))]!).toFixed(1)})`,
    );
  }
}

main();
