import { pixelsPerInch } from '@camo/shared/shapes';
import { exportUrl } from '@/lib/design-actions';

/**
 * The owner's print export: a 1024 px seamless tile and a 4096 px print file made on demand, with
 * the pixels per inch each prints at for the design's repeat once it is chosen (decision 035; a
 * draft's is chosen when it is submitted).
 */
export function ExportLinks({ designId, repeatCm }: { designId: string; repeatCm?: number }) {
  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-condensed text-xl font-bold uppercase tracking-wider text-bone">Download</h3>
      <div className="flex flex-wrap gap-3">
        <a href={exportUrl(designId, 1024)} download className="btn btn-quiet btn-sm">
          Seamless tile (1024 px)
        </a>
        <a href={exportUrl(designId, 4096)} download className="btn btn-quiet btn-sm">
          Print file (4096 px)
        </a>
      </div>
      <p className="text-sm text-sage">
        The tile repeats without seams. The print file is made the first time you ask for it, so it may take a
        few seconds.
      </p>
      {repeatCm !== undefined && (
        <p className="text-sm text-sage" data-testid="export-size">
          {exportSizeText(repeatCm)}
        </p>
      )}
    </div>
  );
}

/** What size the files print at, for the design's repeat. */
const exportSizeText = (repeatCm: number) =>
  `Printed at its ${repeatCm} cm repeat: the tile at ${pixelsPerInch(1024, repeatCm)} pixels per inch, the print file at ${pixelsPerInch(4096, repeatCm)}.`;
