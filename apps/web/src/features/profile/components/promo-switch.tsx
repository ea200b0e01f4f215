import { Switch } from 'react-aria-components';
import { useUpdatePromo } from '../api/update-promo';

export function PromoSwitch({ allowPromo }: { allowPromo: boolean }) {
  const update = useUpdatePromo();
  return (
    <div className="flex items-start justify-between gap-6">
      <div>
        <p id="promo-label" className="font-condensed text-lg font-bold uppercase tracking-wider text-bone">
          Promotional communications
        </p>
        <p id="promo-description" className="mt-1 text-sm text-sage">
          New drops, contest results and shop deals, now and then. Switch off any time.
        </p>
      </div>
      <Switch
        isSelected={allowPromo}
        onChange={(selected) => update.mutate(selected)}
        isDisabled={update.isPending}
        aria-labelledby="promo-label"
        aria-describedby="promo-description"
        className="group flex shrink-0 cursor-pointer items-center gap-2 outline-none data-[disabled]:cursor-wait"
      >
        <span
          aria-hidden="true"
          className="flex h-8 w-14 items-center rounded-full border-2 border-olive-300 bg-loam p-0.5 transition-colors group-data-[focus-visible]:outline-3 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-blaze group-data-[selected]:border-blaze group-data-[selected]:bg-blaze"
        >
          <span className="size-6 rounded-full bg-bone shadow transition-transform group-data-[selected]:translate-x-6 group-data-[selected]:bg-night" />
        </span>
        <span className="w-8 font-condensed text-base font-bold uppercase text-bone">
          {allowPromo ? 'On' : 'Off'}
        </span>
      </Switch>
    </div>
  );
}
