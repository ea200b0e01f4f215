import { exportUrl } from '@/lib/design-actions';

/** The owner's print export: a 1024 px seamless tile and a 4096 px print file made on demand. */
export function ExportLinks({ designId }: { designId: string }) {
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
    </div>
  );
}
